/// Reactions to messages. Every method runs inside the caller's transaction.
struct ReactionRepository: Sendable {
    struct Reaction: Sendable {
        let key: String
        let userRowIDs: [Int64]
        let updatedAt: Int64
    }

    /// Answers whether the reaction is new (false: the user had already made it).
    func add(_ key: String, by userRowID: Int64, to messageID: Int64, at now: Int64, in db: Database) throws -> Bool {
        try db.executeCached(
            sql: "INSERT INTO reactions (message_id, reaction, user_id, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            arguments: [messageID, key, userRowID, now]
        )
        return db.changesCount > 0
    }

    /// Answers whether there was a reaction to remove.
    func remove(_ key: String, by userRowID: Int64, from messageID: Int64, in db: Database) throws -> Bool {
        try db.executeCached(
            sql: "DELETE FROM reactions WHERE message_id = ? AND reaction = ? AND user_id = ?",
            arguments: [messageID, key, userRowID]
        )
        return db.changesCount > 0
    }

    /// Whether the message has the key already, and how many different keys it has.
    func keys(of messageID: Int64, including key: String, in db: Database) throws -> (has: Bool, count: Int) {
        let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT COUNT(DISTINCT reaction) AS keys, COALESCE(MAX(CASE WHEN reaction = ? THEN 1 ELSE 0 END), 0) AS has FROM reactions WHERE message_id = ?
                """),
            arguments: [key, messageID]
        )
        return (row?["has"] ?? false, row?["keys"] ?? 0)
    }

    /// Each message's reactions, grouped by key in the order they were first used.
    func reactions(ofMessages messageIDs: [Int64], in db: Database) throws -> [Int64: [Reaction]] {
        guard !messageIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(messageIDs)
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: """
                SELECT message_id, reaction, user_id, updated_at FROM reactions
                WHERE message_id IN (\(list.placeholders)) ORDER BY id
                """),
            arguments: list.arguments
        )
        var result: [Int64: [Reaction]] = [:]
        for (messageID, messageRows) in Dictionary(grouping: rows, by: { $0["message_id"] as Int64 }) {
            var order: [String] = []
            var users: [String: [Int64]] = [:]
            var updated: [String: Int64] = [:]
            for row in messageRows {
                let key: String = row["reaction"]
                if users[key] == nil { order.append(key) }
                users[key, default: []].append(row["user_id"])
                updated[key] = max(updated[key] ?? 0, row["updated_at"])
            }
            result[messageID] = order.map { Reaction(key: $0, userRowIDs: users[$0]!, updatedAt: updated[$0]!) }
        }
        return result
    }
}
