/// Who a push could reach, and the pushes Roost recorded. Every method runs inside the
/// caller's transaction.
struct PushOutboxRepository: Sendable {
    /// A member a push could go to, with their devices of the types given.
    struct Candidate: Sendable {
        let userRowID: Int64
        var devices: [(type: DeviceTokenType, token: String)]
    }

    /// The joined members of a channel other than the sender who are active, offline (no
    /// own event stream open), hold a device token of one of the types, and have not
    /// blocked the sender; in user order, each one's tokens oldest first.
    func candidates(
        in channelID: Int64, sender: Int64?, tokenTypes: [DeviceTokenType], in db: Database
    ) throws -> [Candidate] {
        let types = SQL.ValueList(tokenTypes.map(\.rawValue))
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: """
                SELECT m.user_id, d.token_type, d.token
                FROM members m
                JOIN users u ON u.id = m.user_id
                JOIN device_tokens d ON d.user_id = m.user_id
                WHERE m.channel_id = ? AND m.state = 'joined' AND m.user_id IS DISTINCT FROM ?
                  AND u.is_active = 1 AND u.open_streams = 0 AND d.token_type IN (\(types.placeholders))
                  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.user_id = m.user_id AND b.target_id IS NOT DISTINCT FROM ?)
                ORDER BY m.user_id, d.created_at, d.token
                """),
            arguments: StatementArguments([channelID, sender]) + types.arguments + StatementArguments([sender])
        )
        var candidates: [Candidate] = []
        for row in rows {
            let userRowID: Int64 = row["user_id"]
            guard let type = DeviceTokenType(rawValue: row["token_type"]) else { continue }
            if candidates.last?.userRowID != userRowID { candidates.append(Candidate(userRowID: userRowID, devices: [])) }
            candidates[candidates.count - 1].devices.append((type, row["token"]))
        }
        return candidates
    }

    func isBot(_ userRowID: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM bots WHERE user_id = ?)"), arguments: [userRowID]) ?? false
    }

    /// Files a push recorded as the event `seq` under its recipient and channel.
    func file(_ seq: Int64, userID: String, channelURL: String, in db: Database) throws {
        try db.executeCached(
            sql: "INSERT INTO pushes (seq, user_id, channel_url) VALUES (?, ?, ?)", arguments: [seq, userID, channelURL]
        )
    }

    /// Pushes after `seq`, oldest first, for one user and one channel when given.
    func pushes(after seq: Int64, userID: String?, channelURL: String?, limit: Int, in db: Database) throws -> [StoredEvent] {
        var conditions = Conditions()
        conditions.add("p.seq > ?", [seq])
        if let userID { conditions.add("p.user_id = ?", [userID]) }
        if let channelURL { conditions.add("p.channel_url = ?", [channelURL]) }
        return try StoredEvent.fetchAll(
            db.cachedStatement(sql: """
                SELECT \(StoredEvent.Columns.qualified(by: "e")) FROM pushes p JOIN events e ON e.seq = p.seq
                \(conditions.whereClause) ORDER BY p.seq LIMIT ?
                """),
            arguments: conditions.arguments + [limit]
        )
    }
}
