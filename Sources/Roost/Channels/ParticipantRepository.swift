import GRDB

/// Users present in open channels.
struct ParticipantRepository: Sendable {
    /// Records a user as present (sending a message does); the participant count follows by
    /// trigger. Answers whether they entered just now (rather than being there already).
    @discardableResult
    func enter(channelID: Int64, userRowID: Int64, at now: Int64, in db: Database) throws -> Bool {
        try db.executeCached(
            sql: "INSERT OR IGNORE INTO participants (channel_id, user_id, entered_at) VALUES (?, ?, ?)",
            arguments: [channelID, userRowID, now]
        )
        return db.changesCount > 0
    }

    /// Takes a user out of the channel; answers whether they were in it.
    func exit(channelID: Int64, userRowID: Int64, in db: Database) throws -> Bool {
        try db.executeCached(sql: "DELETE FROM participants WHERE channel_id = ? AND user_id = ?", arguments: [channelID, userRowID])
        return db.changesCount > 0
    }

    /// One page of participants by user row id.
    func page(of channelID: Int64, after: Int64?, limit: Int, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(
            db,
            sql: "SELECT user_id FROM participants WHERE channel_id = ? AND user_id > ? ORDER BY user_id LIMIT \(limit)",
            arguments: [channelID, after ?? 0]
        )
    }
}
