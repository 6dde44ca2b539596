/// Device tokens and push preferences. Every method runs inside the caller's transaction.
struct PushRepository: Sendable {
    /// Sendbird keeps at most 20 tokens of a type per user.
    static let maxTokensPerType = 20
    private static let preferenceColumns = PushPreferences.Columns.qualified(by: "push_preferences")

    /// Registers a token for a user, taking it from whoever held it; drops the user's oldest
    /// beyond the limit. Answers the users it was taken from.
    func register(_ token: String, of type: DeviceTokenType, for userRowID: Int64, at time: Int64, in db: Database) throws -> [Int64] {
        let previous = try owners(of: token, type: type, in: db).filter { $0 != userRowID }
        try db.executeCached(
            sql: """
                INSERT INTO device_tokens (token_type, token, user_id, created_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (token_type, token) DO UPDATE SET user_id = excluded.user_id,
                    created_at = excluded.created_at
                """,
            arguments: [type.rawValue, token, userRowID, time]
        )
        try db.executeCached(
            sql: """
                DELETE FROM device_tokens WHERE user_id = ? AND token_type = ? AND token NOT IN (
                    SELECT token FROM device_tokens WHERE user_id = ? AND token_type = ? ORDER BY created_at DESC, token LIMIT ?)
                """,
            arguments: [userRowID, type.rawValue, userRowID, type.rawValue, Self.maxTokensPerType]
        )
        return previous
    }

    func tokens(of userRowID: Int64, type: DeviceTokenType, in db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT token FROM device_tokens WHERE user_id = ? AND token_type = ? ORDER BY created_at, token"),
            arguments: [userRowID, type.rawValue]
        )
    }

    /// Every token of a user, of every type.
    func allTokens(of userRowID: Int64, in db: Database) throws -> [(type: DeviceTokenType, token: String)] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT token_type, token FROM device_tokens WHERE user_id = ? ORDER BY token_type, created_at, token"),
            arguments: [userRowID]
        ).compactMap { row in DeviceTokenType(rawValue: row["token_type"]).map { ($0, row["token"]) } }
    }

    func owners(of token: String, type: DeviceTokenType, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT user_id FROM device_tokens WHERE token_type = ? AND token = ?"), arguments: [type.rawValue, token]
        )
    }

    /// Removes a token, from one user or from whoever holds it; answers how many went.
    @discardableResult
    func remove(_ token: String, of type: DeviceTokenType, from userRowID: Int64? = nil, in db: Database) throws -> Int {
        if let userRowID {
            try db.executeCached(
                sql: "DELETE FROM device_tokens WHERE token_type = ? AND token = ? AND user_id = ?", arguments: [type.rawValue, token, userRowID]
            )
        } else {
            try db.executeCached(sql: "DELETE FROM device_tokens WHERE token_type = ? AND token = ?", arguments: [type.rawValue, token])
        }
        return db.changesCount
    }

    func removeAll(of userRowID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM device_tokens WHERE user_id = ?", arguments: [userRowID])
    }

    func preferences(of userRowID: Int64, in db: Database) throws -> PushPreferences {
        try PushPreferences.fetchOne(
            db.cachedStatement(sql: "SELECT \(Self.preferenceColumns) FROM push_preferences WHERE user_id = ?"), arguments: [userRowID]
        ) ?? PushPreferences()
    }

    func save(_ preferences: PushPreferences, of userRowID: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO push_preferences (user_id, push_trigger_option, do_not_disturb, start_hour, start_min, end_hour,
                    end_min, timezone, snooze_enabled, snooze_start_ts, snooze_end_ts, push_sound, block_push_from_bots,
                    push_blocked_bot_ids, enable_push_for_replies, template)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET push_trigger_option = excluded.push_trigger_option,
                    do_not_disturb = excluded.do_not_disturb, start_hour = excluded.start_hour,
                    start_min = excluded.start_min, end_hour = excluded.end_hour, end_min = excluded.end_min,
                    timezone = excluded.timezone, snooze_enabled = excluded.snooze_enabled,
                    snooze_start_ts = excluded.snooze_start_ts, snooze_end_ts = excluded.snooze_end_ts,
                    push_sound = excluded.push_sound, block_push_from_bots = excluded.block_push_from_bots,
                    push_blocked_bot_ids = excluded.push_blocked_bot_ids,
                    enable_push_for_replies = excluded.enable_push_for_replies, template = excluded.template
                """,
            arguments: [
                userRowID, preferences.triggerOption, preferences.doNotDisturb, preferences.startHour, preferences.startMin,
                preferences.endHour, preferences.endMin, preferences.timezone, preferences.snoozeEnabled, preferences.snoozeStart,
                preferences.snoozeEnd, preferences.pushSound, preferences.blockPushFromBots, JSONColumn.encode(preferences.blockedBotIDs),
                preferences.enablePushForReplies, preferences.template,
            ]
        )
    }

    func channelPreference(of userRowID: Int64, in channelID: Int64, in db: Database) throws -> ChannelPushPreference {
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT push_trigger_option, push_sound FROM channel_push_preferences WHERE channel_id = ? AND user_id = ?"),
            arguments: [channelID, userRowID]
        ) else { return ChannelPushPreference() }
        return ChannelPushPreference(triggerOption: row["push_trigger_option"], pushSound: row["push_sound"])
    }

    /// The trigger options a user set for channels, of those given that have one.
    func channelTriggerOptions(of userRowID: Int64, inChannels channelIDs: [Int64], in db: Database) throws -> [Int64: String] {
        guard !channelIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(channelIDs)
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: """
                SELECT channel_id, push_trigger_option FROM channel_push_preferences
                WHERE user_id = ? AND channel_id IN (\(list.placeholders))
                """),
            arguments: [userRowID] + list.arguments
        )
        return Dictionary(rows.map { ($0["channel_id"], $0["push_trigger_option"]) }, uniquingKeysWith: { first, _ in first })
    }

    func save(_ preference: ChannelPushPreference, of userRowID: Int64, in channelID: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO channel_push_preferences (channel_id, user_id, push_trigger_option, push_sound) VALUES (?, ?, ?, ?)
                ON CONFLICT (channel_id, user_id) DO UPDATE SET push_trigger_option = excluded.push_trigger_option,
                    push_sound = excluded.push_sound
                """,
            arguments: [channelID, userRowID, preference.triggerOption, preference.pushSound]
        )
    }
}
