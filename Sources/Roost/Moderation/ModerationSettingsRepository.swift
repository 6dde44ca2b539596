import Foundation

/// The filters by channel custom type, and the messages the profanity filter replaced.
/// Every method runs inside the caller's transaction.
struct ModerationSettingsRepository: Sendable {
    /// The application-wide settings are kept under the empty custom type, which no channel
    /// custom type's settings can have.
    static let application = ""

    func settings(for customType: String, in db: Database) throws -> ModerationSettings? {
        Self.decoded(try String.fetchOne(db.cachedStatement(sql: "SELECT " + Self.settings(of: "?")), arguments: [customType]))
    }

    /// The settings of the custom type `customType` names (a SQL expression) as a scalar
    /// subquery: what `settings(for:)` reads, and a send's standing beside its other rules.
    static func settings(of customType: String) -> String {
        "(SELECT settings FROM moderation_settings WHERE custom_type = \(customType))"
    }

    /// Settings as `settings(of:)` reads them.
    static func decoded(_ json: String?) -> ModerationSettings? {
        json.flatMap { try? JSON.decoder.decode(ModerationSettings.self, from: Data($0.utf8)) }
    }

    func save(_ settings: ModerationSettings, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO moderation_settings (custom_type, settings) VALUES (?, ?)
                ON CONFLICT (custom_type) DO UPDATE SET settings = excluded.settings
                """,
            arguments: [settings.customType ?? Self.application, String(decoding: try JSON.encoder.encode(settings), as: UTF8.self)]
        )
    }

    /// Removes a custom type's settings; answers whether it had any.
    func delete(_ customType: String, in db: Database) throws -> Bool {
        try db.executeCached(sql: "DELETE FROM moderation_settings WHERE custom_type = ?", arguments: [customType])
        return db.changesCount > 0
    }

    /// One page of the custom types' settings, by custom type, after `after`.
    func customTypes(after: String?, limit: Int, in db: Database) throws -> [ModerationSettings] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT settings FROM moderation_settings WHERE custom_type > ? ORDER BY custom_type LIMIT ?"),
            arguments: [after ?? Self.application, limit]
        ).compactMap { try? JSON.decoder.decode(ModerationSettings.self, from: Data($0.utf8)) }
    }

    /// The settings a channel's messages go through: its custom type's, with the
    /// application's filters where those say `should_check_global` (each filter on its own),
    /// or the application's alone when its custom type has none. Its own come first.
    func applicable(to channel: ChannelRecord, in db: Database) throws -> [ModerationSettings] {
        Self.applicable(
            application: try settings(for: Self.application, in: db),
            own: channel.customType.isEmpty ? nil : try settings(for: channel.customType, in: db)
        )
    }

    /// The settings a channel's messages go through (`applicable(to:)`), from the application's
    /// and its custom type's.
    static func applicable(application: ModerationSettings?, own: ModerationSettings?) -> [ModerationSettings] {
        guard let own else { return application.map { [$0] } ?? [] }
        guard let application else { return [own] }
        var inherited = ModerationSettings()
        if own.profanityFilter.shouldCheckGlobal { inherited.profanityFilter = application.profanityFilter }
        if own.domainFilter.shouldCheckGlobal { inherited.domainFilter = application.domainFilter }
        return [own, inherited]
    }

    /// A message's text as its channel's filters (`applicable(to:)`) let it through: nil when
    /// they change nothing, the text with asterisks when they replace words; throws when they
    /// block it.
    func filtered(_ text: String, in channel: ChannelRecord, in db: Database) throws -> String? {
        try Self.filtered(text, by: try applicable(to: channel, in: db))
    }

    /// A message's text as `settings` let it through (`filtered(_:in:in:)`).
    static func filtered(_ text: String, by settings: [ModerationSettings]) throws -> String? {
        guard !settings.isEmpty else { return nil }
        switch TextFilter(settings: settings).verdict(on: text) {
        case .clean: return nil
        case .replaced(let replaced): return replaced
        case .blockedProfanity: throw APIError.blockedByProfanityFilter
        case .blockedDomain: throw APIError.blockedByDomainFilter
        }
    }

    func recordReplaced(_ messageID: Int64, by userRowID: Int64?, original: String, replaced: String, at time: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO moderated_messages (message_id, user_id, original, replaced, created_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (message_id) DO UPDATE SET user_id = excluded.user_id, original = excluded.original,
                    replaced = excluded.replaced, created_at = excluded.created_at
                """,
            arguments: [messageID, userRowID, original, replaced, time]
        )
    }

    /// Records a violation and answers how many the sender has in the channel since `since`,
    /// forgetting older ones.
    func recordViolation(by userRowID: Int64, in channelID: Int64, at time: Int64, countingSince since: Int64, in db: Database) throws -> Int {
        try db.executeCached(
            sql: "DELETE FROM profanity_violations WHERE channel_id = ? AND user_id = ? AND at < ?", arguments: [channelID, userRowID, since]
        )
        try db.executeCached(
            sql: "INSERT INTO profanity_violations (channel_id, user_id, at) VALUES (?, ?, ?)", arguments: [channelID, userRowID, time]
        )
        return try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM profanity_violations WHERE channel_id = ? AND user_id = ?"),
            arguments: [channelID, userRowID]
        ) ?? 0
    }

    func clearViolations(by userRowID: Int64, in channelID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM profanity_violations WHERE channel_id = ? AND user_id = ?", arguments: [channelID, userRowID])
    }

    /// A replaced message: who sent it, the text as sent and as stored, when.
    func moderated(
        _ messageID: Int64, in channelID: Int64, in db: Database
    ) throws -> (userRowID: Int64?, original: String, replaced: String, createdAt: Int64)? {
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT mm.user_id, mm.original, mm.replaced, mm.created_at
                FROM moderated_messages mm JOIN messages m ON m.id = mm.message_id
                WHERE mm.message_id = ? AND m.channel_id = ?
                """),
            arguments: [messageID, channelID]
        ) else { return nil }
        return (row["user_id"], row["original"], row["replaced"], row["created_at"])
    }
}

extension APIError {
    static let blockedByProfanityFilter = APIError(code: 900060, message: "The message is blocked by the profanity filter.")
    static let blockedByDomainFilter = APIError(code: 900061, message: "The message is blocked by the domain filter.")
}
