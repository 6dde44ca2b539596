/// Users present in open channels.
struct ParticipantRepository: Sendable {
    /// Records a user as present (sending a message does); the participant count follows by
    /// trigger. Answers whether they entered just now (rather than being there already).
    @discardableResult
    func enter(channelID: Int64, userRowID: Int64, at now: Int64, in db: Database) throws -> Bool {
        try db.executeCached(
            sql: "INSERT INTO participants (channel_id, user_id, entered_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            arguments: [channelID, userRowID, now]
        )
        return db.changesCount > 0
    }

    /// Takes a user out of the channel; answers whether they were in it.
    func exit(channelID: Int64, userRowID: Int64, in db: Database) throws -> Bool {
        try db.executeCached(sql: "DELETE FROM participants WHERE channel_id = ? AND user_id = ?", arguments: [channelID, userRowID])
        return db.changesCount > 0
    }

    /// One page of participants by user row id, each with whether a mute holds them at `now`.
    func page(of channelID: Int64, after: Int64?, limit: Int, at now: Int64, in db: Database) throws -> [(userRowID: Int64, isMuted: Bool)] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT p.user_id,
                    EXISTS (SELECT 1 FROM mutes mu WHERE mu.channel_id = p.channel_id AND mu.user_id = p.user_id AND mu.end_at > ?)
                        AS is_muted
                FROM participants p WHERE p.channel_id = ? AND p.user_id > ? ORDER BY p.user_id LIMIT \(limit)
                """,
            arguments: [now, channelID, after ?? 0]
        )
        return try Array(rows.map { (userRowID: $0["user_id"], isMuted: $0["is_muted"]) })
    }
}
