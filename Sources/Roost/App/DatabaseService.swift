import Logging
import ServiceLifecycle

/// Keeps the database open while the server runs and closes it cleanly at shutdown, first
/// writing a snapshot if `--export-on-exit` asks for one. The application's service group
/// shuts services down in reverse order, so this one closes only after the HTTP server has
/// finished its requests in flight.
struct DatabaseService: Service, CustomStringConvertible {
    /// How the service group names it. Without a description the group describes a service
    /// by reflecting over its stored properties, which cost start-up several milliseconds.
    var description: String { "DatabaseService" }

    let database: AppDatabase
    let exportOnExit: (archive: SnapshotArchive, path: String)?
    let logger: Logger

    func run() async throws {
        // Cancellation (the group ending without a graceful shutdown) closes it too.
        try? await gracefulShutdown()
        if let exportOnExit {
            do {
                try await exportOnExit.archive.write(to: exportOnExit.path)
                logger.notice("Wrote a snapshot to \(exportOnExit.path)")
            } catch {
                logger.error("Writing a snapshot to \(exportOnExit.path) failed: \(error)")
            }
        }
        do {
            try await database.close()
            logger.info("Database closed")
        } catch {
            logger.error("Closing the database failed: \(error)")
        }
    }
}
