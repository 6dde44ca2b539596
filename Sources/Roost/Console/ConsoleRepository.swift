/// The few figures the console reads straight from the database because the API has no
/// route for them: totals, and where the event log ends.
struct ConsoleRepository: Sendable {
    struct Totals: Sendable {
        let users: Int
        let groupChannels: Int
        let openChannels: Int
        let messages: Int
    }

    func totals(in db: Database) throws -> Totals {
        func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
        return Totals(
            users: try count("SELECT COUNT(*) FROM users WHERE deleted_at IS NULL"),
            groupChannels: try count("SELECT COUNT(*) FROM channels WHERE channel_type = 'group_channels' AND deleted_at IS NULL"),
            openChannels: try count("SELECT COUNT(*) FROM channels WHERE channel_type = 'open_channels' AND deleted_at IS NULL"),
            messages: try count("SELECT COUNT(*) FROM messages WHERE \(ChannelRepository.messageOfLiveChannel)")
        )
    }

    /// The newest event's seq: a live page streams what comes after it.
    func lastEventSeq(in db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(seq), 0) FROM events") ?? 0
    }
}
