import Logging
import ServiceLifecycle

/// Prunes the event log in the background: an event goes once it is older than the
/// retention period, beyond the newest `count` events, and delivered (or passed) by every
/// delivery feed. Deletes in small batches, each its own short transaction, so writes never wait
/// long behind it.
struct EventRetention: Service, CustomStringConvertible {
    /// How the service group names it (see `DatabaseService.description`).
    var description: String { "EventRetention" }

    let database: AppDatabase
    let clock: WallClock
    let period: Duration
    let count: Int
    let logger: Logger
    private let log = EventRepository()
    private let cursors = DeliveryCursorRepository()

    static let batch = 5_000

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await database.whileHolding("event retention") {
                while !Task.isCancelled {
                    await pruneOnce()
                    try? await Task.sleep(for: .seconds(60))
                }
            }
        }
    }

    /// Prunes what is due now; answers how many events went.
    @discardableResult
    func pruneOnce() async -> Int {
        let cutoff = clock.now - period.nanoseconds / 1_000_000
        var total = 0
        do {
            while !Task.isCancelled {
                let pruned = try await database.write { db in
                    let delivered = try cursors.oldest(in: db) ?? .max
                    return try log.prune(before: cutoff, keepingNewest: count, keepingFrom: delivered, batch: Self.batch, in: db)
                }
                total += pruned
                if pruned < Self.batch { break }
            }
            if total > 0 { try await database.write(log.prunePastMemberships) }
        } catch {
            logger.error("Pruning the event log failed: \(error)")
        }
        return total
    }
}
