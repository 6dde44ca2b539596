import Hummingbird
import Synchronization

/// Lets a snapshot restore replace the whole state between requests, never under one:
/// each request holds a shared pass while its handler runs, and a restore waits for the
/// passes out to come back while new requests wait for it. The shared path is one lock and
/// a counter, so requests pay next to nothing when no restore is waiting.
final class RestoreGate: Sendable {
    private struct State {
        var passes = 0
        var restoring = false
        var waitingRequests: [CheckedContinuation<Void, Never>] = []
        var waitingRestores: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `body` with a request's pass: never while a restore runs.
    func pass<T>(_ body: () async throws -> T) async throws -> T {
        await enter()
        defer { leave() }
        return try await body()
    }

    /// Runs `body` alone: after every pass out has come back, with new ones held until it ends.
    func exclusively<T>(_ body: () async throws -> T) async throws -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                guard state.passes == 0, !state.restoring else {
                    state.waitingRestores.append(continuation)
                    return false
                }
                state.restoring = true
                return true
            }
            if admitted { continuation.resume() }
        }
        defer { finishRestore() }
        return try await body()
    }

    private func enter() async {
        let admitted = state.withLock { state -> Bool in
            guard !state.restoring, state.waitingRestores.isEmpty else { return false }
            state.passes += 1
            return true
        }
        if admitted { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Checked again under the lock: the restore may have ended in between.
            let admitted = state.withLock { state -> Bool in
                guard !state.restoring, state.waitingRestores.isEmpty else {
                    state.waitingRequests.append(continuation)
                    return false
                }
                state.passes += 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.passes -= 1
            guard state.passes == 0, !state.waitingRestores.isEmpty else { return nil }
            state.restoring = true
            return state.waitingRestores.removeFirst()
        }
        next?.resume()
    }

    private func finishRestore() {
        let (restore, requests) = state.withLock { state -> (CheckedContinuation<Void, Never>?, [CheckedContinuation<Void, Never>]) in
            if !state.waitingRestores.isEmpty { return (state.waitingRestores.removeFirst(), []) }
            state.restoring = false
            let requests = state.waitingRequests
            state.waitingRequests = []
            state.passes += requests.count
            return (nil, requests)
        }
        restore?.resume()
        for request in requests { request.resume() }
    }
}

extension RestoreGate {
    /// Runs `request`'s handler with a pass of the gate, unless it is a restore's own. A
    /// streamed answer (the live event stream, a file) is written after the pass is back, so
    /// it never holds a restore up. The console's pages take none: each API call they make
    /// takes its own, and one held across them would wait on a restore that waits on it.
    func admitting(_ request: Request, _ handler: () async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path.hasPrefix("/console/") || path == "/console"
            || (request.method == .post && path.hasPrefix("/roost/snapshots/") && path.hasSuffix("/restore")) {
            return try await handler()
        }
        return try await pass(handler)
    }
}
