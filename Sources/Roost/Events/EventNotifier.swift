import Foundation
import Synchronization

/// Tells the readers of the event log (webhook delivery, live streams) that events were
/// committed. Recording an event marks it pending; the writer calls `committed()` after each
/// commit, which wakes every waiter when something was recorded. A job that rolled back
/// wakes them for nothing, which costs one empty read.
final class EventNotifier: Sendable {
    private struct Waiter {
        let continuation: CheckedContinuation<Int, Never>
        /// When a waiter with a timeout gives up; nil for one that waits for a commit only.
        let deadline: ContinuousClock.Instant?
    }

    /// How often waiters with a timeout are looked at: the precision of their timeouts.
    static let sweepInterval: Duration = .milliseconds(250)

    private struct State {
        var pending = false
        var generation = 0
        var waiters: [UUID: Waiter] = [:]
        /// Whether the one task that ends timed-out waits is running: one task for all
        /// waiters, not a sleep each: a cancelled sleep keeps its timer until it would have
        /// fired, and a thousand live streams woken at every commit left hundreds of
        /// thousands of them.
        var sweeping = false
    }

    private let state = Mutex(State())

    /// Called inside the transaction that records an event.
    func recorded() {
        state.withLock { $0.pending = true }
    }

    /// Called after every commit.
    func committed() {
        wake { state in
            guard state.pending else { return false }
            state.pending = false
            return true
        }
    }

    /// How many commits with events there have been (and `wakeAll()` calls); pass it to
    /// `next(after:)`.
    var current: Int { state.withLock { $0.generation } }

    /// Wakes every waiter now, as a commit with events would, and so also any wait that
    /// begins after `current` was read before this call: how live streams end at a shutdown
    /// without a task of their own watching for it. A transaction's recorded events stay
    /// pending, so their commit still wakes whoever waits by then.
    func wakeAll() {
        wake { _ in true }
    }

    /// Starts a new generation and wakes every waiter with it, when `due` says so.
    private func wake(if due: (inout State) -> Bool) {
        let woken: (waiters: [Waiter], generation: Int)? = state.withLock { state in
            guard due(&state) else { return nil }
            state.generation += 1
            defer { state.waiters.removeAll() }
            return (Array(state.waiters.values), state.generation)
        }
        guard let woken else { return }
        for waiter in woken.waiters { waiter.continuation.resume(returning: woken.generation) }
    }

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
                enum Outcome { case now(Int), waiting(startsSweeping: Bool) }
                let outcome: Outcome = state.withLock { state in
                    if state.generation > seen || Task.isCancelled { return .now(state.generation) }
                    state.waiters[id] = Waiter(continuation: continuation, deadline: deadline)
                    let startsSweeping = deadline != nil && !state.sweeping
                    if startsSweeping { state.sweeping = true }
                    return .waiting(startsSweeping: startsSweeping)
                }
                switch outcome {
                case .now(let generation): continuation.resume(returning: generation)
                case .waiting(let startsSweeping): if startsSweeping { Task { await self.sweep() } }
                }
            }
        } onCancel: {
            let (waiter, generation) = state.withLock { ($0.waiters.removeValue(forKey: id), $0.generation) }
            waiter?.continuation.resume(returning: generation)
        }
    }

    /// Ends the waits whose time is up, until no waiter has a timeout.
    private func sweep() async {
        while true {
            try? await Task.sleep(for: Self.sweepInterval)
            let now = ContinuousClock.now
            let (expired, answer, done): ([Waiter], Int, Bool) = state.withLock { state in
                let ids = state.waiters.filter { $0.value.deadline.map { $0 <= now } ?? false }.map(\.key)
                let expired = ids.compactMap { state.waiters.removeValue(forKey: $0) }
                let done = !state.waiters.values.contains { $0.deadline != nil }
                if done { state.sweeping = false }
                return (expired, state.generation, done)
            }
            for waiter in expired { waiter.continuation.resume(returning: answer) }
            if done { return }
        }
    }
}
