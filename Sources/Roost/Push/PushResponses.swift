import Hummingbird

/// A user's push preferences as Sendbird's page shows them, the snooze times in Unix
/// milliseconds (0 when none is set). SDK 0.0.16's model wants those as strings; the page wins.
struct PushPreferencesBody: ResponseEncodable, JSONObject {
    let preferences: PushPreferences

    func write(to fields: inout JSONFields) throws {
        try fields.write("push_trigger_option", preferences.triggerOption)
        try fields.write("do_not_disturb", preferences.doNotDisturb)
        try fields.write("start_hour", preferences.startHour)
        try fields.write("start_min", preferences.startMin)
        try fields.write("end_hour", preferences.endHour)
        try fields.write("end_min", preferences.endMin)
        try fields.write("timezone", preferences.timezone)
        try fields.write("snooze_enabled", preferences.snoozeEnabled)
        try fields.write("snooze_start_ts", preferences.snoozeStart)
        try fields.write("snooze_end_ts", preferences.snoozeEnd)
        try fields.write("push_sound", preferences.pushSound)
        try fields.write("block_push_from_bots", preferences.blockPushFromBots)
        try fields.write("push_blocked_bot_ids", preferences.blockedBotIDs)
        try fields.write("enable_push_for_replies", preferences.enablePushForReplies)
    }
}

/// A member's preference for one channel. `push_trigger_option` is `default` until set, as
/// Sendbird's page shows, though SDK 2.1.5's model has no such value.
struct ChannelPushPreferenceBody: ResponseEncodable, JSONObject {
    let preference: ChannelPushPreference

    func write(to fields: inout JSONFields) throws {
        try fields.write("push_trigger_option", preference.triggerOption)
        try fields.write("push_sound", preference.pushSound)
        try fields.write("enable", preference.triggerOption != "off")
    }
}

/// A user's tokens of one type, or the one just registered, or those just removed.
struct DeviceTokensBody: ResponseEncodable, JSONObject {
    enum Tokens {
        case registered(String), listed([String]), removed([String])
    }

    let tokens: Tokens
    let type: DeviceTokenType?
    let user: UserSummary

    func write(to fields: inout JSONFields) throws {
        switch tokens {
        case .registered(let token):
            try fields.write("token", token)
        case .listed(let tokens):
            try fields.write("tokens", tokens)
            // The older name of the same list, which SDK 0.0.16 reads.
            try fields.write("token", tokens)
        case .removed(let tokens):
            try fields.write("token", tokens)
        }
        if let type { try fields.write("type", type.label) }
        try fields.write("user", EmbeddedUser(user: user))
    }
}

/// The users holding a token, as a list of `{"user_id"}`.
struct TokenOwners: ResponseEncodable {
    let userIDs: [String]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for userID in userIDs { try container.encode(["user_id": userID]) }
    }
}

struct TemplateBody: ResponseEncodable {
    let name: String
}
