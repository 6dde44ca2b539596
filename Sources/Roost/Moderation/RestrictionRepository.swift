/// Bans and mutes. A restriction whose end has passed is as good as gone: every read takes
/// the current time and skips it. Every method runs inside the caller's transaction.
struct RestrictionRepository: Sendable {
    let kind: Restriction.Kind

    /// What its queries select: the record's columns, with NULL for the agent mutes lack.
    private var selection: String { kind == .ban ? Self.banColumns : Self.muteColumns }
    private static let banColumns = Restriction.Columns.qualified(by: "bans")
    private static let muteColumns = Restriction.Columns.allCases
        .map { $0 == .agent_id ? "NULL" : "mutes.\($0)" }.joined(separator: ", ")

    func put(_ restriction: Restriction, in db: Database) throws {
        switch kind {
        case .ban:
            try db.executeCached(
                sql: """
                    INSERT INTO bans (channel_id, user_id, agent_id, description, start_at, end_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (channel_id, user_id) DO UPDATE SET agent_id = excluded.agent_id,
                        description = excluded.description, start_at = excluded.start_at, end_at = excluded.end_at
                    """,
                arguments: [
                    restriction.channelID, restriction.userRowID, restriction.agentRowID, restriction.description,
                    restriction.startAt, restriction.endAt,
                ]
            )
        case .mute:
            try db.executeCached(
                sql: """
                    INSERT INTO mutes (channel_id, user_id, description, start_at, end_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (channel_id, user_id) DO UPDATE SET description = excluded.description,
                        start_at = excluded.start_at, end_at = excluded.end_at
                    """,
                arguments: [
                    restriction.channelID, restriction.userRowID, restriction.description, restriction.startAt, restriction.endAt,
                ]
            )
        }
    }

    /// Whether `user` is restricted in `channel` at `now`: by the channel's own restriction, or
    /// by one on every channel of its custom type (`customType`, '' for none). A condition on
    /// SQL expressions: what a join or an invitation asks alone, and a send with the rest of
    /// its standing (`SenderStandingRepository`).
    func inForce(on user: String, in channel: String, ofCustomType customType: String, at now: String) -> String {
        """
        (EXISTS (SELECT 1 FROM \(kind.rawValue) WHERE channel_id = \(channel) AND user_id = \(user) AND end_at > \(now))
         OR (\(customType) <> '' AND \(CustomTypeRestrictionRepository(kind).inForce(on: user, in: customType, at: now))))
        """
    }

    /// Whether the user is restricted in the channel at `now` (`inForce`).
    func isInForce(on userRowID: Int64, in channel: ChannelRecord, at now: Int64, in db: Database) throws -> Bool {
        let sql = kind == .ban ? Self.isBannedSQL : Self.isMutedSQL
        let arguments: StatementArguments = ["user": userRowID, "channel": channel.rowID, "custom_type": channel.customType, "now": now]
        return try Bool.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? false
    }

    private static let isBannedSQL = "SELECT " + RestrictionRepository(kind: .ban).inForce(on: ":user", in: ":channel", ofCustomType: ":custom_type", at: ":now")
    private static let isMutedSQL = "SELECT " + RestrictionRepository(kind: .mute).inForce(on: ":user", in: ":channel", ofCustomType: ":custom_type", at: ":now")

    /// The user's restriction in the channel, if it is still in force.
    func active(channelID: Int64, userRowID: Int64, at now: Int64, in db: Database) throws -> Restriction? {
        try Restriction.fetchOne(
            db.cachedStatement(sql: "SELECT \(selection) FROM \(kind.rawValue) WHERE channel_id = ? AND user_id = ? AND end_at > ?"),
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

    /// When the next restriction in force in a channel after `now` ends.
    func nextEnd(in channelID: Int64, after now: Int64, in db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT MIN(end_at) FROM \(kind.rawValue) WHERE channel_id = ? AND end_at > ?"),
            arguments: [channelID, now]
        )
    }

    /// Users restricted now in each of several channels.
    func activeUsers(inChannels channelIDs: [Int64], at now: Int64, in db: Database) throws -> [Int64: Set<Int64>] {
        guard !channelIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(channelIDs)
        return try db.groupedRowIDs(
            sql: """
                SELECT channel_id, user_id FROM \(kind.rawValue)
                WHERE end_at > ? AND channel_id IN (\(list.placeholders))
                """,
            arguments: [now] + list.arguments
        ).mapValues(Set.init)
    }

    func remove(channelID: Int64, userRowID: Int64, in db: Database) throws {
        try db.execute(
            sql: "DELETE FROM \(kind.rawValue) WHERE channel_id = ? AND user_id = ?", arguments: [channelID, userRowID]
        )
    }

    /// One page of a channel's restrictions in force, by user row id.
    func page(of channelID: Int64, at now: Int64, after: Int64?, limit: Int, in db: Database) throws -> [Restriction] {
        try page(where: "channel_id", is: channelID, orderedBy: "user_id", at: now, after: after, limit: limit, in: db)
    }

    func count(of channelID: Int64, at now: Int64, in db: Database) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM \(kind.rawValue) WHERE channel_id = ? AND end_at > ?", arguments: [channelID, now]
        ) ?? 0
    }

    /// One page of a user's restrictions in force, by channel row id.
    func page(ofUser userRowID: Int64, at now: Int64, after: Int64?, limit: Int, in db: Database) throws -> [Restriction] {
        try page(where: "user_id", is: userRowID, orderedBy: "channel_id", at: now, after: after, limit: limit, in: db)
    }

    /// Restrictions in force whose `column` holds `value`, ordered by (and paged after) `key`.
    private func page(
        where column: String, is value: Int64, orderedBy key: String, at now: Int64, after: Int64?, limit: Int, in db: Database
    ) throws -> [Restriction] {
        try Restriction.fetchAll(
            db.cachedStatement(sql: """
                SELECT \(selection) FROM \(kind.rawValue) WHERE \(column) = ? AND end_at > ? AND \(key) > ?
                ORDER BY \(key) LIMIT ?
                """),
            arguments: [value, now, after ?? 0, limit]
        )
    }
}
