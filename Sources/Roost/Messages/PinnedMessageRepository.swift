/// The pinned_messages table. Every method runs inside the caller's transaction.
struct PinnedMessageRepository: Sendable {
    /// Pins a message; answers false when it already was.
    func pin(_ messageID: Int64, in channelID: Int64, at time: Int64, in db: Database) throws -> Bool {
        try db.executeCached(
            sql: "INSERT INTO pinned_messages (channel_id, message_id, pinned_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            arguments: [channelID, messageID, time]
        )
        return db.changesCount > 0
    }

    /// Unpins a message; answers false when it was not pinned.
    @discardableResult
    func unpin(_ messageID: Int64, in db: Database) throws -> Bool {
        try db.executeCached(sql: "DELETE FROM pinned_messages WHERE message_id = ?", arguments: [messageID])
        return db.changesCount > 0
    }

    func count(in channelID: Int64, in db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM pinned_messages WHERE channel_id = ?"), arguments: [channelID]) ?? 0
    }

    /// The pinned message ids of each channel given, in the order they were pinned.
    func pins(ofChannels channelIDs: [Int64], in db: Database) throws -> [Int64: [Int64]] {
        guard !channelIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(channelIDs)
        var pins: [Int64: [Int64]] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT channel_id, message_id FROM pinned_messages WHERE channel_id IN (\(list.placeholders))
                ORDER BY channel_id, pinned_at, message_id
                """),
            arguments: list.arguments
        )
        // By position (channel_id, message_id): read for every channel of a channel list page,
        // where a lookup by name is a measurable share (see `TableColumns`).
        while let row = try rows.next() { pins[row[0], default: []].append(row[1]) }
        return pins
    }
}
