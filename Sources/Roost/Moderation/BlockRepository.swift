/// Who blocks whom. Every method runs inside the caller's transaction.
struct BlockRepository: Sendable {
    func block(_ targetRowID: Int64, by userRowID: Int64, at now: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "INSERT INTO blocks (user_id, target_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            arguments: [userRowID, targetRowID, now]
        )
    }

    func unblock(_ targetRowID: Int64, by userRowID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM blocks WHERE user_id = ? AND target_id = ?", arguments: [userRowID, targetRowID])
    }

    func blocks(_ targetRowID: Int64, by userRowID: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM blocks WHERE user_id = ? AND target_id = ?)"), arguments: [userRowID, targetRowID]
        ) ?? false
    }

    /// Which side of a user's blocks a list shows (`list` on `GET /users/{user_id}/block`).
    enum Side: String, Sendable {
        /// The users they block.
        case blockedByMe = "blocked_by_me"
        /// The users who block them.
        case blockingMe = "blocking_me"
    }

    /// One page of the users on `side` of `userRowID`'s blocks, by row id: optionally only
    /// among some users, and only those with a metadata value among `metadata.values`.
    func page(
        of userRowID: Int64, side: Side, among candidates: [Int64]?, metadata: (key: String, values: [String])?,
        after: Int64?, limit: Int, in db: Database
    ) throws -> [Int64] {
        let (own, other) = side == .blockedByMe ? ("user_id", "target_id") : ("target_id", "user_id")
        var conditions = Conditions()
        conditions.add("\(own) = ?", [userRowID])
        conditions.add("\(other) > ?", [after ?? 0])
        if let candidates { conditions.add("\(other) IN (\(SQL.placeholders(candidates.count)))", candidates) }
        if let metadata {
            conditions.add(
                """
                EXISTS (SELECT 1 FROM user_metadata m WHERE m.user_id = blocks.\(other)
                        AND m.key = ? AND m.value IN (\(SQL.placeholders(metadata.values.count))))
                """,
                [metadata.key] + metadata.values
            )
        }
        return try Int64.fetchAll(
            db, sql: "SELECT \(other) FROM blocks \(conditions.whereClause) ORDER BY \(other) LIMIT \(limit)",
            arguments: conditions.arguments
        )
    }

    /// Which of the given users block `userRowID`, and which `userRowID` blocks.
    func relations(of userRowID: Int64, with others: [Int64], in db: Database) throws -> (blocking: Set<Int64>, blockedBy: Set<Int64>) {
        guard !others.isEmpty else { return ([], []) }
        let placeholders = SQL.placeholders(others.count)
        let blocking = try Int64.fetchAll(
            db, sql: "SELECT target_id FROM blocks WHERE user_id = ? AND target_id IN (\(placeholders))",
            arguments: StatementArguments([userRowID] + others)
        )
        let blockedBy = try Int64.fetchAll(
            db, sql: "SELECT user_id FROM blocks WHERE target_id = ? AND user_id IN (\(placeholders))",
            arguments: StatementArguments([userRowID] + others)
        )
        return (Set(blocking), Set(blockedBy))
    }

    /// The members of a channel (other than the target) who block `targetRowID`.
    func blockers(of targetRowID: Int64, amongMembersOf channelID: Int64, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(
            db.cachedStatement(sql: """
                SELECT b.user_id FROM blocks b JOIN members m ON m.channel_id = ? AND m.user_id = b.user_id
                WHERE b.target_id = ? AND b.user_id != b.target_id
                """),
            arguments: [channelID, targetRowID]
        )
    }

    /// The ids of the users a message was withheld from.
    func withheld(_ messageID: Int64, in db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT u.user_id FROM undelivered_messages m JOIN users u ON u.id = m.user_id WHERE m.message_id = ?"),
            arguments: [messageID]
        )
    }

    /// A message that must never reach this member.
    func withhold(_ messageID: Int64, from userRowID: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "INSERT INTO undelivered_messages (message_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", arguments: [messageID, userRowID]
        )
    }
}
