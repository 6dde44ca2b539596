import GRDB

/// A ban or a mute of one user in one channel.
struct Restriction: Sendable, Equatable, FetchableRecord {
    enum Kind: String, Sendable {
        case ban = "bans", mute = "mutes"
    }

    var channelID: Int64
    var userRowID: Int64
    var agentRowID: Int64?
    var description: String
    var startAt: Int64
    var endAt: Int64

    init(channelID: Int64, userRowID: Int64, agentRowID: Int64? = nil, description: String, startAt: Int64, endAt: Int64) {
        self.channelID = channelID
        self.userRowID = userRowID
        self.agentRowID = agentRowID
        self.description = description
        self.startAt = startAt
        self.endAt = endAt
    }

    init(row: Row) {
        channelID = row["channel_id"]
        userRowID = row["user_id"]
        agentRowID = row["agent_id"]
        description = row["description"]
        startAt = row["start_at"]
        endAt = row["end_at"]
    }
}

/// Bans and mutes. A restriction whose end has passed is as good as gone: every read takes
/// the current time and skips it. Every method runs inside the caller's transaction.
struct RestrictionRepository: Sendable {
    let kind: Restriction.Kind

    func put(_ restriction: Restriction, in db: Database) throws {
        switch kind {
        case .ban:
            try db.executeCached(
                sql: """
                    INSERT OR REPLACE INTO bans (channel_id, user_id, agent_id, description, start_at, end_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    restriction.channelID, restriction.userRowID, restriction.agentRowID, restriction.description,
                    restriction.startAt, restriction.endAt,
                ]
            )
        case .mute:
            try db.executeCached(
                sql: "INSERT OR REPLACE INTO mutes (channel_id, user_id, description, start_at, end_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    restriction.channelID, restriction.userRowID, restriction.description, restriction.startAt, restriction.endAt,
                ]
            )
        }
    }

    /// The user's restriction in the channel, if it is still in force.
    func active(channelID: Int64, userRowID: Int64, at now: Int64, in db: Database) throws -> Restriction? {
        try Restriction.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM \(kind.rawValue) WHERE channel_id = ? AND user_id = ? AND end_at > ?"),
            arguments: [channelID, userRowID, now]
        )
    }

    /// Which of the given users are restricted in the channel now.
    func activeUsers(in channelID: Int64, among userRowIDs: [Int64], at now: Int64, in db: Database) throws -> Set<Int64> {
        guard !userRowIDs.isEmpty else { return [] }
        let list = SQL.ValueList(userRowIDs)
        return Set(try Int64.fetchAll(
            db.cachedStatement(sql: """
                SELECT user_id FROM \(kind.rawValue)
                WHERE channel_id = ? AND end_at > ? AND user_id IN (\(list.placeholders))
                """),
            arguments: [channelID, now] + list.arguments
        ))
    }

    /// Users restricted now in each of several channels.
    func activeUsers(inChannels channelIDs: [Int64], at now: Int64, in db: Database) throws -> [Int64: Set<Int64>] {
        guard !channelIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(channelIDs)
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: """
                SELECT channel_id, user_id FROM \(kind.rawValue)
                WHERE end_at > ? AND channel_id IN (\(list.placeholders))
                """),
            arguments: [now] + list.arguments
        )
        return Dictionary(grouping: rows, by: { $0["channel_id"] as Int64 }).mapValues { Set($0.map { $0["user_id"] as Int64 }) }
    }

    func remove(channelID: Int64, userRowID: Int64, in db: Database) throws {
        try db.execute(
            sql: "DELETE FROM \(kind.rawValue) WHERE channel_id = ? AND user_id = ?", arguments: [channelID, userRowID]
        )
    }

    /// One page of a channel's restrictions in force, by user row id.
    func page(of channelID: Int64, at now: Int64, after: Int64?, limit: Int, in db: Database) throws -> [Restriction] {
        try Restriction.fetchAll(
            db,
            sql: """
                SELECT * FROM \(kind.rawValue) WHERE channel_id = ? AND end_at > ? AND user_id > ?
                ORDER BY user_id LIMIT \(limit)
                """,
            arguments: [channelID, now, after ?? 0]
        )
    }

    func count(of channelID: Int64, at now: Int64, in db: Database) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM \(kind.rawValue) WHERE channel_id = ? AND end_at > ?", arguments: [channelID, now]
        ) ?? 0
    }

    /// One page of a user's restrictions in force, by channel row id.
    func page(ofUser userRowID: Int64, at now: Int64, after: Int64?, limit: Int, in db: Database) throws -> [Restriction] {
        try Restriction.fetchAll(
            db,
            sql: """
                SELECT * FROM \(kind.rawValue) WHERE user_id = ? AND end_at > ? AND channel_id > ?
                ORDER BY channel_id LIMIT \(limit)
                """,
            arguments: [userRowID, now, after ?? 0]
        )
    }
}

/// Who blocks whom. Every method runs inside the caller's transaction.
struct BlockRepository: Sendable {
    func block(_ targetRowID: Int64, by userRowID: Int64, at now: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "INSERT OR IGNORE INTO blocks (user_id, target_id, created_at) VALUES (?, ?, ?)",
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

    /// One page of the users someone blocks, by row id, optionally only among some users.
    func page(blockedBy userRowID: Int64, among candidates: [Int64]?, after: Int64?, limit: Int, in db: Database) throws -> [Int64] {
        var conditions = Conditions()
        conditions.add("user_id = ?", [userRowID])
        conditions.add("target_id > ?", [after ?? 0])
        if let candidates { conditions.add("target_id IN (\(SQL.placeholders(candidates.count)))", candidates) }
        return try Int64.fetchAll(
            db, sql: "SELECT target_id FROM blocks \(conditions.whereClause) ORDER BY target_id LIMIT \(limit)",
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

    /// A message that must never reach this member.
    func withhold(_ messageID: Int64, from userRowID: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "INSERT OR IGNORE INTO undelivered_messages (message_id, user_id) VALUES (?, ?)", arguments: [messageID, userRowID]
        )
    }
}
