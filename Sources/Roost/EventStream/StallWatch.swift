import Synchronization

/// Closes live streams whose clients have stopped taking what they are sent. A stream writes
/// its next chunk only once the connection has taken the one before, so a stalled client
/// costs one chunk of memory, not a growing backlog; after `timeout` of one write waiting,
/// the connection is closed and that goes too. The client loses nothing: it reconnects with
/// `Last-Event-ID` and reads the rest from the log.
///
/// One task looks at every open stream's write under way, each quarter of the timeout, while
/// any stream is open: a task of each stream's own held its memory and a timer for as long as
/// the stream stayed open (see `ServerSentEvents.AsyncIterator.next()` for what it cost).
final class StallWatch: Sendable {
    private struct Watched {
        /// When the write under way began, if one is.
        var writingSince: ContinuousClock.Instant?
        let disconnect: @Sendable () -> Void
    }

    private struct State {
        var streams: [Int: Watched] = [:]
        var nextID = 0
        var sweeping = false
    }

    private let timeout: Duration
    private let state = Mutex(State())

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// One stream's writes, watched from `watching(disconnect:_:)` until it returns.
    struct Stream: Sendable {
        fileprivate let watch: StallWatch
        fileprivate let id: Int

        /// Runs one write, timed.
        func timing(_ write: () async throws -> Void) async rethrows {
            watch.mark(id, writingSince: .now)
            defer { watch.mark(id, writingSince: nil) }
            try await write()
        }
    }

    /// Watches one stream while `body` runs; `disconnect` closes its connection.
    func watching<T>(disconnect: @escaping @Sendable () -> Void, _ body: (Stream) async throws -> T) async rethrows -> T {
        let (id, startsSweeping) = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.streams[id] = Watched(writingSince: nil, disconnect: disconnect)
            defer { state.sweeping = true }
            return (id, !state.sweeping)
        }
        if startsSweeping { Task { await self.sweep() } }
        defer { _ = state.withLock { $0.streams.removeValue(forKey: id) } }
        return try await body(Stream(watch: self, id: id))
    }

    private func mark(_ id: Int, writingSince: ContinuousClock.Instant?) {
        state.withLock { $0.streams[id]?.writingSince = writingSince }
    }

    /// Closes the stalled streams, each quarter of the timeout, until none is open.
    private func sweep() async {
        while true {
            try? await Task.sleep(for: timeout / 4)
            let now = ContinuousClock.now
            let (stalled, done): ([Watched], Bool) = state.withLock { state in
                let ids = state.streams.filter { $0.value.writingSince.map { now - $0 > timeout } ?? false }.map(\.key)
                let stalled = ids.compactMap { state.streams.removeValue(forKey: $0) }
                if state.streams.isEmpty { state.sweeping = false }
                return (stalled, state.streams.isEmpty)
            }
            for stream in stalled { stream.disconnect() }
            if done { return }
        }
    }
}
