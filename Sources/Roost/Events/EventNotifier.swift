import Foundation

/// Tells the readers of the event log (webhook delivery, live streams) that events were
/// committed. Recording an event marks it pending; the writer calls `committed()` after each
/// commit, which wakes every waiter when something was recorded. A job that rolled back
/// wakes them for nothing, which costs one empty read.
final class EventNotifier: @unchecked Sendable {
    private struct Waiter {
        let continuation: CheckedContinuation<Int, Never>
        /// When a waiter with a timeout gives up; nil for one that waits for a commit only.
        let deadline: ContinuousClock.Instant?
    }

    /// How often waiters with a timeout are looked at: the precision of their timeouts.
    static let sweepInterval: Duration = .milliseconds(250)

    private let lock = NSLock()
    private var pending = false
    private var generation = 0
    private var waiters: [UUID: Waiter] = [:]
    /// Whether the one task that ends timed-out waits is running: one task for all waiters,
    /// not a sleep each: a cancelled sleep keeps its timer until it would have fired, and a
    /// thousand live streams woken at every commit left hundreds of thousands of them.
    private var sweeping = false

    /// Called inside the transaction that records an event.
    func recorded() {
        lock.withLock { pending = true }
    }

    /// Called after every commit.
    func committed() {
        let woken: [Waiter]
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
        for waiter in woken { waiter.continuation.resume(returning: now) }
    }

    /// How many commits with events there have been; pass it to `next(after:)`.
    var current: Int { lock.withLock { generation } }

    /// Waits until a commit after `seen` recorded events, or the task is cancelled; answers
    /// the generation then.
    func next(after seen: Int) async -> Int {
        await wait(after: seen, deadline: nil)
    }

    /// Like `next(after:)`, but gives up after `timeout` (give or take `sweepInterval`): for
    /// heartbeats and retries.
    func next(after seen: Int, timeout: Duration) async -> Int {
        await wait(after: seen, deadline: .now + timeout)
    }

    private func wait(after seen: Int, deadline: ContinuousClock.Instant?) async -> Int {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                lock.lock()
                if generation > seen || Task.isCancelled {
                    let now = generation
                    lock.unlock()
                    continuation.resume(returning: now)
                    return
                }
                waiters[id] = Waiter(continuation: continuation, deadline: deadline)
                let startsSweeping = deadline != nil && !sweeping
                if startsSweeping { sweeping = true }
                lock.unlock()
                if startsSweeping { Task { await self.sweep() } }
            }
        } onCancel: {
            let waiter: Waiter? = lock.withLock {
                waiters.removeValue(forKey: id)
            }
            waiter?.continuation.resume(returning: lock.withLock { generation })
        }
    }

    /// Ends the waits whose time is up, until no waiter has a timeout.
    private func sweep() async {
        while true {
            try? await Task.sleep(for: Self.sweepInterval)
            let now = ContinuousClock.now
            let (expired, answer, done): ([Waiter], Int, Bool) = lock.withLock {
                let ids = waiters.filter { $0.value.deadline.map { $0 <= now } ?? false }.map(\.key)
                let expired = ids.compactMap { waiters.removeValue(forKey: $0) }
                let done = !waiters.values.contains { $0.deadline != nil }
                if done { sweeping = false }
                return (expired, generation, done)
            }
            for waiter in expired { waiter.continuation.resume(returning: answer) }
            if done { return }
        }
    }
}
