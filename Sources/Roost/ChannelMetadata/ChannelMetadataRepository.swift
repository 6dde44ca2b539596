import GRDB

/// Channel metadata and meta counters. Every method runs inside the caller's transaction.
struct ChannelMetadataRepository: Sendable {
    func items(of channelID: Int64, in db: Database) throws -> [String: String] {
        try items(ofChannels: [channelID], in: db)[channelID] ?? [:]
    }

    /// Metadata of several channels in one query, keyed by channel.
    func items(ofChannels channelIDs: [Int64], in db: Database) throws -> [Int64: [String: String]] {
        guard !channelIDs.isEmpty else { return [:] }
        var result: [Int64: [String: String]] = [:]
        let list = SQL.ValueList(channelIDs)
        for row in try Row.fetchAll(
            db.cachedStatement(sql: "SELECT channel_id, key, value FROM channel_metadata WHERE channel_id IN (\(list.placeholders))"),
            arguments: list.arguments
        ) {
            result[row["channel_id"], default: [:]][row["key"]] = row["value"] as String
        }
        return result
    }

    /// Inserts or replaces each item.
    func set(_ items: [String: String], of channelID: Int64, at now: Int64, in db: Database) throws {
        for (key, value) in items {
            try db.executeCached(
                sql: "INSERT OR REPLACE INTO channel_metadata (channel_id, key, value, updated_at) VALUES (?, ?, ?, ?)",
                arguments: [channelID, key, value, now]
            )
        }
    }

    /// When the channel's metadata last changed (Unix ms), 0 when it has none.
    func updatedAt(of channelID: Int64, in db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT COALESCE(MAX(updated_at), 0) FROM channel_metadata WHERE channel_id = ?"), arguments: [channelID]
        ) ?? 0
    }

    func delete(_ key: String, of channelID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM channel_metadata WHERE channel_id = ? AND key = ?", arguments: [channelID, key])
    }

    func deleteAll(of channelID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM channel_metadata WHERE channel_id = ?", arguments: [channelID])
    }

    // MARK: Meta counters

    func counters(of channelID: Int64, in db: Database) throws -> [String: Int64] {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT key, value FROM channel_metacounters WHERE channel_id = ?"), arguments: [channelID]
        )
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["key"], $0["value"]) })
    }

    /// Stores counter values (computed by the caller inside the same write transaction, so
    /// concurrent increases still add up exactly).
    func set(_ counters: [String: Int64], of channelID: Int64, in db: Database) throws {
        for (key, value) in counters {
            try db.executeCached(
                sql: "INSERT OR REPLACE INTO channel_metacounters (channel_id, key, value) VALUES (?, ?, ?)",
                arguments: [channelID, key, value]
            )
        }
    }

    func deleteCounter(_ key: String, of channelID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM channel_metacounters WHERE channel_id = ? AND key = ?", arguments: [channelID, key])
    }

    func deleteAllCounters(of channelID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM channel_metacounters WHERE channel_id = ?", arguments: [channelID])
    }
}
