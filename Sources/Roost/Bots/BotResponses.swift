import Hummingbird

/// A bot as Sendbird answers it: the `bot` object (its user's nickname, profile and
/// metadata), then its settings, `created_at` in seconds.
struct BotBody: ResponseEncodable, Encodable {
    let bot: BotIdentity
    let botCallbackURL: String
    let isPrivacyMode: Bool
    let enableMarkAsRead: Bool
    let showMember: Bool
    let channelInvitationPreference: Int
    let createdAt: Int64

    enum CodingKeys: String, CodingKey {
        case bot, botCallbackURL = "bot_callback_url", isPrivacyMode = "is_privacy_mode", enableMarkAsRead = "enable_mark_as_read"
        case showMember = "show_member", channelInvitationPreference = "channel_invitation_preference", createdAt = "created_at"
    }

    init(bot: Bot) {
        self.bot = BotIdentity(bot: bot)
        botCallbackURL = bot.record.callbackURL
        isPrivacyMode = bot.record.isPrivacyMode
        enableMarkAsRead = bot.record.enableMarkAsRead
        showMember = bot.record.showMember
        channelInvitationPreference = bot.record.channelInvitationPreference
        createdAt = bot.record.createdAt
    }
}

/// The `bot` object of a bot, in answers and in callbacks.
struct BotIdentity: Encodable {
    let botUserID: String
    let botNickname: String
    let botProfileURL: String
    let botType: String
    let botToken: String
    let botMetadata: [String: String]
    let botRequireAuthForProfileImage = false

    enum CodingKeys: String, CodingKey {
        case botUserID = "bot_userid", botNickname = "bot_nickname", botProfileURL = "bot_profile_url", botType = "bot_type"
        case botToken = "bot_token", botMetadata = "bot_metadata", botRequireAuthForProfileImage = "bot_require_auth_for_profile_image"
    }

    init(bot: Bot) {
        botUserID = bot.user.userID
        botNickname = bot.user.nickname
        botProfileURL = bot.user.profileURL
        botType = bot.record.type
        botToken = bot.record.token
        botMetadata = bot.user.metadata
    }
}

struct BotList: ResponseEncodable, Encodable {
    let bots: [BotBody]
    let next: String

    init(bots: [Bot], next: String) {
        self.bots = bots.map(BotBody.init)
        self.next = next
    }
}

/// The channels a bot joined. Sendbird documents a list (`channels`, as SDK 0.0.16 reads
/// it); SDK 2.1.5 reads one channel object. The answer is both: the first channel's fields,
/// and every channel under `channels`.
struct JoinedChannels: ResponseEncodable {
    let channels: [GroupChannel]

    private struct All: Encodable {
        let channels: [GroupChannel]
    }

    func encode(to encoder: any Encoder) throws {
        try channels.first?.encode(to: encoder)
        try All(channels: channels).encode(to: encoder)
    }
}

/// A bot's message wrapped as `{"message": {...}}`: what SDK 2.1.5, which always sends a
/// form, reads; SDK 0.0.16 sends JSON and reads the message itself.
struct WrappedMessage: ResponseEncodable, Encodable {
    let message: Message
}
