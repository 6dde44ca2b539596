import NIOCore
import Synchronization

/// The turns of PostgreSQL's reader connections: at most `limit` reads at once, each on a
/// connection of its own, and a read that finds none free waits for one. The connections a read
/// gave back open are kept for the next.
final class PostgresReaders: Sendable {
    private struct State {
        var free: Int
        var idle: [PostgresSession] = []
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// Whether the engine has closed: connections given back then are closed, not kept.
        var closed = false
    }

    private let state: Mutex<State>

    init(limit: Int) {
        state = Mutex(State(free: limit))
    }

    /// Waits for a turn, which `give` ends.
    func turn() async {
        // Most turns are free at once: they make no continuation.
        if state.withLock({ Self.takeFree(&$0) }) { return }
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if Self.takeFree(&state) { return true }
                state.waiting.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Takes a free turn, when there is one.
    private static func takeFree(_ state: inout State) -> Bool {
        guard state.free > 0 else { return false }
        state.free -= 1
        return true
    }

    /// In a turn, an idle connection still open, or nil when the read is to make one. Those the
    /// server closed meanwhile (a restart) are let go, so that a restart costs no read after it.
    func idle() -> PostgresSession? {
        state.withLock { state in
            while let session = state.idle.popLast() {
                if !session.connection.isClosed { return session }
            }
            return nil
        }
    }

    /// Ends a turn, keeping `session` for the next read when it is given and still open; the
    /// turn goes to the read that has waited longest.
    func give(_ session: PostgresSession?) {
        let (next, closing) = state.withLock { state -> (CheckedContinuation<Void, Never>?, PostgresSession?) in
            var closing: PostgresSession?
            if let session, !session.connection.isClosed {
                if state.closed { closing = session } else { state.idle.append(session) }
            }
            guard !state.waiting.isEmpty else {
                state.free += 1
                return (nil, closing)
            }
            return (state.waiting.removeFirst(), closing)
        }
        if let closing {
            // PostgresNIO wants every connection closed before it goes: kept until it has.
            let closed: EventLoopFuture<Void> = closing.connection.close()
            closed.whenComplete { _ in _ = closing }
        }
        next?.resume()
    }

    /// The idle connections, for closing them: from now on none is kept.
    func close() -> [PostgresSession] {
        state.withLock { state in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
    }
}
