import Foundation

/// Tells the readers of the event log (webhook delivery, live streams) that events were
/// committed. Recording an event marks it pending; the writer calls `committed()` after each
/// commit, which wakes every waiter when something was recorded. A job that rolled back
/// wakes them for nothing, which costs one empty read.
final class EventNotifier: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = false
    private var generation = 0
    private var waiters: [UUID: CheckedContinuation<Int, Never>] = [:]

    /// Called inside the transaction that records an event.
    func recorded() {
        lock.withLock { pending = true }
    }

    /// Called after every commit.
    func committed() {
        let woken: [CheckedContinuation<Int, Never>]
        let now: Int
        lock.lock()
        guard pending else {
            lock.unlock()
            return
        }
        pending = false
        generation += 1
        now = generation
        woken = Array(waiters.values)
        waiters.removeAll()
        lock.unlock()
        for waiter in woken { waiter.resume(returning: now) }
    }

    /// How many commits with events there have been; pass it to `next(after:)`.
    var current: Int { lock.withLock { generation } }

    /// Waits until a commit after `seen` recorded events, or the task is cancelled; answers
    /// the generation then.
    func next(after seen: Int) async -> Int {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                lock.lock()
                if generation > seen || Task.isCancelled {
                    let now = generation
                    lock.unlock()
                    continuation.resume(returning: now)
                } else {
                    waiters[id] = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Int, Never>? = lock.withLock {
                waiters.removeValue(forKey: id)
            }
            waiter?.resume(returning: lock.withLock { generation })
        }
    }

    /// Like `next(after:)`, but gives up after `timeout`: for heartbeats and retries.
    func next(after seen: Int, timeout: Duration) async -> Int {
        await withTaskGroup(of: Int?.self) { group in
            group.addTask { await self.next(after: seen) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? current
        }
    }
}
