import Hummingbird

/// A bot as Sendbird answers it: the `bot` object (its user's nickname, profile and
/// metadata), then its settings, `created_at` in seconds.
struct BotBody: ResponseEncodable, JSONObject {
    let bot: Bot

    func write(to fields: inout JSONFields) throws {
        try fields.write("bot", BotIdentity(bot: bot))
        try fields.write("bot_callback_url", bot.record.callbackURL)
        try fields.write("is_privacy_mode", bot.record.isPrivacyMode)
        try fields.write("enable_mark_as_read", bot.record.enableMarkAsRead)
        try fields.write("show_member", bot.record.showMember)
        try fields.write("channel_invitation_preference", bot.record.channelInvitationPreference)
        try fields.write("created_at", bot.record.createdAt)
    }
}

/// The `bot` object of a bot, in answers and in callbacks.
struct BotIdentity: JSONObject {
    let bot: Bot

    func write(to fields: inout JSONFields) throws {
        try fields.write("bot_userid", bot.user.userID)
        try fields.write("bot_nickname", bot.user.nickname)
        try fields.write("bot_profile_url", bot.user.profileURL)
        try fields.write("bot_type", bot.record.type)
        try fields.write("bot_token", bot.record.token)
        try fields.write("bot_metadata", bot.user.metadata)
        try fields.write("bot_require_auth_for_profile_image", false)
    }
}

struct BotList: ResponseEncodable, JSONObject {
    let bots: [Bot]
    let next: String

    func write(to fields: inout JSONFields) throws {
        try fields.write("bots", bots.map(BotBody.init))
        try fields.write("next", next)
    }
}

/// The channels a bot joined. Sendbird documents a list (`channels`, as SDK 0.0.16 reads
/// it); SDK 2.1.5 reads one channel object. The answer is both: the first channel's fields,
/// and every channel under `channels`.
struct JoinedChannels: ResponseEncodable, JSONObject {
    let channels: [GroupChannel]

    func write(to fields: inout JSONFields) throws {
        if let first = channels.first { try first.write(to: &fields) }
        try fields.write("channels", channels)
    }
}

/// A bot's message wrapped as `{"message": {...}}`: what SDK 2.1.5, which always sends a
/// form, reads; SDK 0.0.16 sends JSON and reads the message itself.
struct WrappedMessage: ResponseEncodable, JSONObject {
    let message: Message

    func write(to fields: inout JSONFields) throws {
        try fields.write("message", message)
    }
}
