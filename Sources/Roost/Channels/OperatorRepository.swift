/// Channel operators, for both kinds of channel. Every method runs inside the caller's transaction.
struct OperatorRepository: Sendable {
    func add(_ userRowIDs: [Int64], to channelID: Int64, in db: Database) throws {
        for userRowID in userRowIDs {
            try db.executeCached(
                sql: "INSERT INTO operators (channel_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", arguments: [channelID, userRowID]
            )
        }
    }

    func remove(_ userRowIDs: [Int64], from channelID: Int64, in db: Database) throws {
        guard !userRowIDs.isEmpty else { return }
        try db.execute(
            sql: "DELETE FROM operators WHERE channel_id = ? AND user_id IN (\(SQL.placeholders(userRowIDs.count)))",
            arguments: StatementArguments([channelID] + userRowIDs)
        )
    }

    func removeAll(from channelID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM operators WHERE channel_id = ?", arguments: [channelID])
    }

    func isOperator(_ userRowID: Int64, of channelID: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: Self.isOperatorSQL), arguments: ["user": userRowID, "channel": channelID]) ?? false
    }

    /// Whether `user` operates `channel`, as a condition on SQL expressions: what `isOperator`
    /// asks, and a send's standing.
    static func operates(_ user: String, _ channel: String) -> String {
        "EXISTS (SELECT 1 FROM operators WHERE channel_id = \(channel) AND user_id = \(user))"
    }

    private static let isOperatorSQL = "SELECT " + operates(":user", ":channel")

    /// Operators of several channels at once, keyed by channel, in the order they were registered.
    func operators(ofChannels channelIDs: [Int64], in db: Database) throws -> [Int64: [Int64]] {
        guard !channelIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(channelIDs)
        return try db.groupedRowIDs(
            sql: "SELECT channel_id, user_id FROM operators WHERE channel_id IN (\(list.placeholders)) ORDER BY user_id",
            arguments: list.arguments
        )
    }

    /// One page of a channel's operators by user row id.
    func page(of channelID: Int64, after: Int64?, limit: Int, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(
            db,
            sql: "SELECT user_id FROM operators WHERE channel_id = ? AND user_id > ? ORDER BY user_id LIMIT \(limit)",
            arguments: [channelID, after ?? 0]
        )
    }
}
