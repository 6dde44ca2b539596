/// The bots table. Every method runs inside the caller's transaction.
struct BotRepository: Sendable {
    private static let columns = BotRecord.Columns.qualified(by: "bots")
    private let users = UserRepository()

    func save(_ bot: BotRecord, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO bots (user_id, bot_type, bot_token, callback_url, is_privacy_mode, enable_mark_as_read,
                    show_member, channel_invitation_preference, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET bot_type = excluded.bot_type, bot_token = excluded.bot_token,
                    callback_url = excluded.callback_url, is_privacy_mode = excluded.is_privacy_mode,
                    enable_mark_as_read = excluded.enable_mark_as_read, show_member = excluded.show_member,
                    channel_invitation_preference = excluded.channel_invitation_preference,
                    created_at = excluded.created_at
                """,
            arguments: [
                bot.userRowID, bot.type, bot.token, bot.callbackURL, bot.isPrivacyMode, bot.enableMarkAsRead, bot.showMember,
                bot.channelInvitationPreference, bot.createdAt,
            ]
        )
    }

    /// Whether the application has a bot at all.
    func any(in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM bots)")) ?? false
    }

    func find(_ userID: String, in db: Database) throws -> Bot? {
        guard let rowID = try users.rowID(of: userID, in: db),
              let record = try BotRecord.fetchOne(
                  db.cachedStatement(sql: "SELECT \(Self.columns) FROM bots WHERE user_id = ?"), arguments: [rowID]
              ),
              let user = try users.summary(ofRow: rowID, in: db)
        else { return nil }
        return Bot(record: record, user: user)
    }

    func existing(_ userID: String, in db: Database) throws -> Bot {
        guard let bot = try find(userID, in: db) else { throw APIError.notFound("Bot") }
        return bot
    }

    /// One page of bots, by user row id after `after`.
    func page(after: Int64?, limit: Int, in db: Database) throws -> [Bot] {
        let records = try BotRecord.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM bots WHERE user_id > ? ORDER BY user_id LIMIT ?"),
            arguments: [after ?? 0, limit]
        )
        let summaries = try users.summaries(ofRows: records.map(\.userRowID), in: db)
        return records.compactMap { record in summaries[record.userRowID].map { Bot(record: record, user: $0) } }
    }

    /// The bots that are joined members of a channel.
    func members(of channelID: Int64, in db: Database) throws -> [Bot] {
        let records = try BotRecord.fetchAll(
            db.cachedStatement(sql: """
                SELECT \(Self.columns) FROM bots JOIN members m ON m.user_id = bots.user_id
                WHERE m.channel_id = ? AND m.state = 'joined' ORDER BY bots.user_id
                """),
            arguments: [channelID]
        )
        guard !records.isEmpty else { return [] }
        let summaries = try users.summaries(ofRows: records.map(\.userRowID), in: db)
        return records.compactMap { record in summaries[record.userRowID].map { Bot(record: record, user: $0) } }
    }
}
