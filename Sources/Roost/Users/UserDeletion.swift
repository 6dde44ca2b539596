/// Deletes users without holding the one writer for long, however many messages they sent. A
/// user of a few messages goes whole in the write that deletes them. Otherwise the user leaves
/// every client's sight in that write (`DeletedUserRepository.retire`), and a job then leaves
/// their messages without a sender a batch per write, as the foreign key does, and deletes the
/// row last. In one write, a user of 100,000 messages held the writer 1.3 s on a slow day, and
/// other clients' sends stopped (p99 4.8 s); as a job they kept 81% of their rate, p99 23 ms
/// (bench/RESULTS.md).
struct UserDeletion: Sendable {
    static let jobKind = "user_deletion"
    /// Messages unlinked per write: a few milliseconds of the writer.
    static let messagesPerStep = 500

    let database: AppDatabase
    let random: RandomTokens
    private let deleted = DeletedUserRepository()
    private let jobs = ScheduledJobRepository()

    /// Deletes the user of `rowID` inside the caller's transaction, after their departures:
    /// whole, or out of sight with their messages left to the job.
    func delete(rowID: Int64, at now: Int64, in db: Database) throws {
        guard try deleted.hasMessages(moreThan: Self.messagesPerStep, sentBy: rowID, in: db) else {
            return try deleted.delete(rowID: rowID, in: db)
        }
        try deleted.retire(rowID: rowID, token: random.hex(bytes: 16), at: now, in: db)
        try jobs.schedule(Self.jobKind, for: rowID, at: now, in: db)
    }

    /// The scheduler's handler of the job.
    var handler: JobRunner {
        let deleted = self.deleted
        return RetiredRowJob(
            kind: Self.jobKind, database: database,
            nextBatch: { rowID, db in try deleted.messagesToUnlink(from: rowID, limit: Self.messagesPerStep, in: db) },
            take: { ids, rowID, db in try deleted.unlink(ids, from: rowID, in: db) },
            deleteRow: { rowID, db in try deleted.delete(rowID: rowID, in: db) }
        ).handler
    }
}
