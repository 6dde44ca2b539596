/// Deletes channels of either kind without holding the one writer for long, however many
/// messages they hold. A channel of a few messages goes whole in the write that deletes it. A
/// larger one leaves every client's sight in that write (`ChannelRepository.retire`), and a job
/// then deletes its messages a batch per write, and its row last. In one write, a channel of
/// 100,000 messages held the writer 1.6 to 1.8 s, and every other client's send waited for it;
/// as a job, other clients' sends kept 61 to 62% of their rate, p99 22 ms (bench/RESULTS.md).
struct ChannelDeletion: Sendable {
    static let jobKind = "channel_deletion"
    /// Messages deleted per write: a few milliseconds of the writer.
    static let messagesPerStep = 500

    let database: AppDatabase
    private let channels = ChannelRepository()
    private let jobs = ScheduledJobRepository()

    /// Deletes `channel` inside the caller's transaction, after its removal event: whole, or
    /// out of sight with its messages left to the job.
    func delete(_ channel: ChannelRecord, at now: Int64, in db: Database) throws {
        guard try channels.hasMessages(moreThan: Self.messagesPerStep, channelID: channel.rowID, in: db) else {
            return try channels.delete(rowID: channel.rowID, in: db)
        }
        try channels.retire(rowID: channel.rowID, at: now, in: db)
        try jobs.schedule(Self.jobKind, for: channel.rowID, at: now, in: db)
    }

    /// The scheduler's handler of the job.
    var handler: JobRunner {
        let channels = self.channels
        return RetiredRowJob(
            kind: Self.jobKind, database: database,
            nextBatch: { rowID, db in try channels.messagesToDelete(of: rowID, limit: Self.messagesPerStep, in: db) },
            take: { ids, _, db in try channels.deleteMessages(ids, in: db) },
            deleteRow: { rowID, db in try channels.delete(rowID: rowID, in: db) }
        ).handler
    }
}
