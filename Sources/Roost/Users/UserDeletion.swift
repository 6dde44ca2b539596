import GRDB

/// Deletes users without holding the one writer for long, however many messages they sent. A
/// user of a few messages goes whole in the write that deletes them. Otherwise the user leaves
/// every client's sight in that write (`DeletedUserRepository.retire`), and a job then leaves
/// their messages without a sender a batch per write, as the foreign key does, and deletes the
/// row last. In one write, a user of 100,000 messages held the writer 0.4 to 0.6 s (each message
/// row rewritten, with its index entry and revision trigger).
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

    /// A step of the job, found on a snapshot: the next messages to unlink, none when only the
    /// row is left, or nil when the user is no longer being deleted.
    func nextStep(of job: ScheduledJob, at now: Int64) async throws -> [Int64]? {
        guard let rowID = job.subjectID else { return nil }
        let found = try await database.read { db in try deleted.messagesToUnlink(from: rowID, limit: Self.messagesPerStep, in: db) }
        return found.deleting ? found.ids : nil
    }

    /// Unlinks what `nextStep` found. Nothing links new messages to a user out of sight, so once
    /// none are left the row goes.
    func run(_ job: ScheduledJob, _ step: [Int64]?, at now: Int64, in db: Database, afterCommit: AfterCommit) throws -> JobOutcome {
        guard let step, let rowID = job.subjectID else { return .done }
        guard !step.isEmpty else {
            try deleted.delete(rowID: rowID, in: db)
            return .done
        }
        try deleted.unlink(step, from: rowID, in: db)
        return .again(at: now, payload: job.payload)
    }

    /// The scheduler's handler of the job.
    var handler: JobRunner {
        JobRunner(kind: Self.jobKind, prepare: nextStep, run: run, discard: { _ in })
    }
}
