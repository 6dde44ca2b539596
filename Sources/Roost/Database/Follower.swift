import Synchronization

/// Keeps state derived from committed writes up with them, after they commit and in write
/// transactions of its own, so that a write does only its change and its event. After each
/// commit it runs `pass` (one bounded batch, answering whether more is left) until there is
/// nothing left, so its lag is bounded by how fast it drains. What it has not reached yet stays
/// stored where the writes left it, so after a crash it simply goes on.
///
/// After a commit it lets `settleTime` pass before its pass, so that one pass (and one write)
/// serves the commits of that moment: run after every commit, its write came between each
/// send and the next one, and a client sending one message after another waited for both.
///
/// A reader that must not see the state behind the writes before it (a search right after a
/// send) calls `caughtUp()`, which waits until a pass that began after that moment is done,
/// and cuts the settling short.
final class Follower: Sendable {
    private struct State {
        /// The commit count a finished pass began at: everything committed by then is done.
        var completed = -1
        var waiters: [Int: (target: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextWaiter = 0
        var sleeper: CheckedContinuation<Void, Never>?
        var poked = false
        var stopped = false
        /// A reader is waiting: settle no longer.
        var urgent = false
    }

    private let commits: @Sendable () -> Int
    private let pass: @Sendable () async throws -> Bool
    private let state = Mutex(State())
    private let task = Mutex<Task<Void, Never>?>(nil)
    /// How long a failed pass waits before it is tried again.
    static let retryDelay: Duration = .seconds(1)
    /// How long after a commit a pass waits for more commits to come, in `settleSteps`.
    static let settleTime: Duration = .milliseconds(20)
    static let settleSteps = 4

    /// `commits` counts the commits so far, counted before their writers hear back.
    init(commits: @escaping @Sendable () -> Int, pass: @escaping @Sendable () async throws -> Bool) {
        self.commits = commits
        self.pass = pass
    }

    func start() {
        task.withLock { task in
            guard task == nil else { return }
            task = Task { await self.follow() }
        }
    }

    /// Stops after the pass under way; waiters are let go.
    func stop() async {
        let running = task.withLock { $0 }
        let (waiters, sleeper) = state.withLock { state in
            state.stopped = true
            defer { (state.waiters, state.sleeper) = ([:], nil) }
            return (Array(state.waiters.values), state.sleeper)
        }
        for waiter in waiters { waiter.continuation.resume() }
        sleeper?.resume()
        await running?.value
    }

    /// Something committed: run a pass.
    func poke() {
        let sleeper: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard let sleeper = state.sleeper else {
                state.poked = true
                return nil
            }
            state.sleeper = nil
            return sleeper
        }
        sleeper?.resume()
    }

    /// Runs a pass at once, without letting more commits come first: a reader waits for it.
    func hurry() {
        state.withLock { $0.urgent = true }
        poke()
    }

    /// Waits until everything committed before now is followed, or `timeout` passed (a
    /// follower that keeps failing, say on a full disk, must not hold readers up forever). The
    /// timeout leaves room for a pass of many round trips to PostgreSQL on a busy machine.
    func caughtUp(timeout: Duration = .seconds(10)) async {
        let target = commits()
        let id: Int? = state.withLock { state in
            guard state.completed < target, !state.stopped else { return nil }
            state.nextWaiter += 1
            state.urgent = true
            return state.nextWaiter
        }
        guard let id else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withCheckedContinuation { continuation in
                    let done: Bool = self.state.withLock { state in
                        guard state.completed < target, !state.stopped else { return true }
                        state.waiters[id] = (target, continuation)
                        return false
                    }
                    if done { continuation.resume() }
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                self.state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
            }
            await group.next()
            group.cancelAll()
        }
    }

    private func follow() async {
        while !state.withLock({ $0.stopped }) {
            await settle()
            let covered = commits()
            do {
                while try await pass() {}
                let reached: [CheckedContinuation<Void, Never>] = state.withLock { state in
                    state.completed = covered
                    let reached = state.waiters.filter { $0.value.target <= covered }
                    for key in reached.keys { state.waiters[key] = nil }
                    return reached.values.map(\.continuation)
                }
                for continuation in reached { continuation.resume() }
                await sleepUntilPoked()
            } catch {
                try? await Task.sleep(for: Self.retryDelay)
            }
        }
    }

    /// Lets more commits come before a pass, unless a reader waits for it.
    private func settle() async {
        for _ in 0..<Self.settleSteps {
            guard !state.withLock({ $0.urgent || $0.stopped }) else { break }
            try? await Task.sleep(for: Self.settleTime / Self.settleSteps)
        }
        state.withLock { $0.urgent = false }
    }

    private func sleepUntilPoked() async {
        await withCheckedContinuation { continuation in
            let awake: Bool = state.withLock { state in
                if state.poked || state.stopped {
                    state.poked = false
                    return true
                }
                state.sleeper = continuation
                return false
            }
            if awake { continuation.resume() }
        }
    }
}
