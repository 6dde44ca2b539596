import ServiceLifecycle
import Synchronization

/// Closes a live stream whose client has stopped taking what it is sent. A stream writes its
/// next chunk only once the connection has taken the one before, so a stalled client costs
/// one chunk of memory, not a growing backlog; after `timeout` of one write waiting, the
/// connection is closed and that goes too. The client loses nothing: it reconnects with
/// `Last-Event-ID` and reads the rest from the log. A shutdown closes the stream at once:
/// a write waiting on a client that reads nothing held the server's exit up.
final class StallWatch: Sendable {
    private let timeout: Duration
    private let disconnect: @Sendable () -> Void
    /// When the write under way began, if one is.
    private let writingSince = Mutex<ContinuousClock.Instant?>(nil)
    private let watcher = Mutex<Task<Void, Never>?>(nil)

    init(timeout: Duration, disconnect: @escaping @Sendable () -> Void) {
        self.timeout = timeout
        self.disconnect = disconnect
        watcher.withLock { $0 = Task { [weak self] in await self?.watch() } }
    }

    /// Runs one write, watched.
    func timing(_ write: () async throws -> Void) async rethrows {
        writingSince.withLock { $0 = .now }
        defer { writingSince.withLock { $0 = nil } }
        try await write()
    }

    func stop() {
        watcher.withLock { $0?.cancel() }
    }

    private func watch() async {
        await withGracefulShutdownHandler {
            while !Task.isCancelled {
                try? await Task.sleep(for: timeout / 4)
                guard let since = writingSince.withLock({ $0 }), ContinuousClock.now - since > timeout else { continue }
                disconnect()
                return
            }
        } onGracefulShutdown: { [disconnect] in
            disconnect()
        }
    }
}
