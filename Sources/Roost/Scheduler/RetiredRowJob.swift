/// The job behind a deletion too large for one write: the row (a channel, a user) has left
/// every client's sight already, and what still hangs off it (its messages) goes a batch per
/// write, paced by the scheduler like every heavy job, then the row itself.
struct RetiredRowJob: Sendable {
    /// The next batch, read on a snapshot; nil once the row is no longer being deleted (it is gone).
    typealias NextBatch = @Sendable (_ rowID: Int64, _ db: Database) throws -> [Int64]?

    let kind: String
    let database: AppDatabase
    let nextBatch: NextBatch
    /// Deletes or unlinks one batch, inside the write.
    let take: @Sendable (_ ids: [Int64], _ rowID: Int64, _ db: Database) throws -> Void
    /// Deletes the row once nothing hangs off it.
    let deleteRow: @Sendable (_ rowID: Int64, _ db: Database) throws -> Void

    /// A step, found on a snapshot: the next batch, none when only the row is left, or nil when
    /// the row is no longer being deleted.
    private func nextStep(of job: ScheduledJob, at now: Int64) async throws -> [Int64]? {
        guard let rowID = job.subjectID else { return nil }
        return try await database.read { db in try nextBatch(rowID, db) }
    }

    /// Takes what `nextStep` found. Nothing adds to a row out of sight, so once nothing is left
    /// the row goes.
    private func run(_ job: ScheduledJob, _ step: [Int64]?, at now: Int64, in db: Database, afterCommit: AfterCommit) throws -> JobOutcome {
        guard let step, let rowID = job.subjectID else { return .done }
        guard !step.isEmpty else {
            try deleteRow(rowID, db)
            return .done
        }
        try take(step, rowID, db)
        return .again(at: now, payload: job.payload)
    }

    /// The scheduler's handler of the job.
    var handler: JobRunner {
        JobRunner(kind: kind, prepare: nextStep, run: run, discard: { _ in })
    }
}
