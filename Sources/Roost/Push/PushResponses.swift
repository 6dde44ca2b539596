import Hummingbird

/// A user's push preferences as Sendbird's page shows them, the snooze times in Unix
/// milliseconds (0 when none is set). SDK 0.0.16's model wants those as strings; the page wins.
struct PushPreferencesBody: ResponseEncodable, Encodable {
    let pushTriggerOption: String
    let doNotDisturb: Bool
    let startHour: Int
    let startMin: Int
    let endHour: Int
    let endMin: Int
    let timezone: String
    let snoozeEnabled: Bool
    let snoozeStartTS: Int64
    let snoozeEndTS: Int64
    let pushSound: String
    let blockPushFromBots: Bool
    let pushBlockedBotIDs: [String]
    let enablePushForReplies: Bool

    enum CodingKeys: String, CodingKey {
        case pushTriggerOption = "push_trigger_option", doNotDisturb = "do_not_disturb", startHour = "start_hour"
        case startMin = "start_min", endHour = "end_hour", endMin = "end_min", timezone, snoozeEnabled = "snooze_enabled"
        case snoozeStartTS = "snooze_start_ts", snoozeEndTS = "snooze_end_ts", pushSound = "push_sound"
        case blockPushFromBots = "block_push_from_bots", pushBlockedBotIDs = "push_blocked_bot_ids"
        case enablePushForReplies = "enable_push_for_replies"
    }

    init(preferences: PushPreferences) {
        pushTriggerOption = preferences.triggerOption
        doNotDisturb = preferences.doNotDisturb
        startHour = preferences.startHour
        startMin = preferences.startMin
        endHour = preferences.endHour
        endMin = preferences.endMin
        timezone = preferences.timezone
        snoozeEnabled = preferences.snoozeEnabled
        snoozeStartTS = preferences.snoozeStart
        snoozeEndTS = preferences.snoozeEnd
        pushSound = preferences.pushSound
        blockPushFromBots = preferences.blockPushFromBots
        pushBlockedBotIDs = preferences.blockedBotIDs
        enablePushForReplies = preferences.enablePushForReplies
    }
}

/// A member's preference for one channel. `push_trigger_option` is `default` until set, as
/// Sendbird's page shows, though SDK 2.1.5's model has no such value.
struct ChannelPushPreferenceBody: ResponseEncodable, Encodable {
    let pushTriggerOption: String
    let pushSound: String
    let enable: Bool

    enum CodingKeys: String, CodingKey { case pushTriggerOption = "push_trigger_option", pushSound = "push_sound", enable }

    init(preference: ChannelPushPreference) {
        pushTriggerOption = preference.triggerOption
        pushSound = preference.pushSound
        enable = preference.triggerOption != "off"
    }
}

/// A user's tokens of one type, or the one just registered, or those just removed.
struct DeviceTokensBody: ResponseEncodable, Encodable {
    enum Tokens {
        case registered(String), listed([String]), removed([String])
    }

    /// The list, when listed.
    let tokens: [String]?
    /// The one registered; the list, under its older name, which SDK 0.0.16 reads; or those removed.
    let token: OneOrList
    let type: String?
    let user: EmbeddedUser

    init(tokens: Tokens, type: DeviceTokenType?, user: UserSummary) {
        switch tokens {
        case .registered(let registered):
            self.tokens = nil
            token = .one(registered)
        case .listed(let listed):
            self.tokens = listed
            token = .list(listed)
        case .removed(let removed):
            self.tokens = nil
            token = .list(removed)
        }
        self.type = type?.label
        self.user = EmbeddedUser(user: user)
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
