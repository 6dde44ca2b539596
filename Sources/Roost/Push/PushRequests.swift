import Foundation

/// The body of `POST /v3/users/{user_id}/push/{token_type}`: the token under its type's
/// field (SDK 0.0.16 sends all three, the others empty).
struct AddTokenRequest: Decodable {
    var gcmRegToken: String?
    var huaweiDeviceToken: String?
    var apnsDeviceToken: String?

    enum CodingKeys: String, CodingKey {
        case gcmRegToken = "gcm_reg_token", huaweiDeviceToken = "huawei_device_token", apnsDeviceToken = "apns_device_token"
    }

    func token(of type: DeviceTokenType) -> String {
        switch type {
        case .gcm: gcmRegToken ?? ""
        case .huawei: huaweiDeviceToken ?? ""
        case .apns: apnsDeviceToken ?? ""
        }
    }
}

/// The body of `PUT /v3/users/{user_id}/push_preference`: every field optional.
struct PushPreferencesChange: Decodable {
    var triggerOption: String?
    var doNotDisturb: Bool?
    var startHour: Int?
    var startMin: Int?
    var endHour: Int?
    var endMin: Int?
    var timezone: String?
    var snoozeEnabled: Bool?
    var snoozeStart: Int64?
    var snoozeEnd: Int64?
    var pushSound: String?
    var blockPushFromBots: Bool?
    var blockedBotIDs: [String]?
    var enablePushForReplies: Bool?

    enum CodingKeys: String, CodingKey {
        case triggerOption = "push_trigger_option", doNotDisturb = "do_not_disturb", startHour = "start_hour", startMin = "start_min"
        case endHour = "end_hour", endMin = "end_min", timezone, snoozeEnabled = "snooze_enabled", snoozeStart = "snooze_start_ts"
        case snoozeEnd = "snooze_end_ts", pushSound = "push_sound", blockPushFromBots = "block_push_from_bots"
        case blockedBotIDs = "push_blocked_bot_ids", enablePushForReplies = "enable_push_for_replies"
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        triggerOption = try container.decodeIfPresent(String.self, forKey: .triggerOption)
        doNotDisturb = try container.decodeIfPresent(Bool.self, forKey: .doNotDisturb)
        startHour = try container.decodeIfPresent(Int.self, forKey: .startHour)
        startMin = try container.decodeIfPresent(Int.self, forKey: .startMin)
        endHour = try container.decodeIfPresent(Int.self, forKey: .endHour)
        endMin = try container.decodeIfPresent(Int.self, forKey: .endMin)
        timezone = try container.decodeIfPresent(String.self, forKey: .timezone)
        snoozeEnabled = try container.decodeIfPresent(Bool.self, forKey: .snoozeEnabled)
        snoozeStart = try Self.timestamp(container, .snoozeStart)
        snoozeEnd = try Self.timestamp(container, .snoozeEnd)
        pushSound = try container.decodeIfPresent(String.self, forKey: .pushSound)
        blockPushFromBots = try container.decodeIfPresent(Bool.self, forKey: .blockPushFromBots)
        // SDK 0.0.16 can only send bot ids as numbers.
        if let ids = try? container.decodeIfPresent([String].self, forKey: .blockedBotIDs) {
            blockedBotIDs = ids
        } else {
            blockedBotIDs = try container.decodeIfPresent([Int64].self, forKey: .blockedBotIDs)?.map(String.init)
        }
        enablePushForReplies = try container.decodeIfPresent(Bool.self, forKey: .enablePushForReplies)
    }

    /// A timestamp as a number, or as SDK 0.0.16's string.
    private static func timestamp(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Int64? {
        if let value = try? container.decodeIfPresent(Int64.self, forKey: key) { return value }
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = Int64(text) else { throw APIError.unexpectedType(key.stringValue, expected: .number) }
        return value
    }

    func check() throws(APIError) {
        if let option = triggerOption, !["all", "mention_only", "off"].contains(option) {
            throw .invalid("push_trigger_option", "Give all, mention_only or off.")
        }
        for (name, value, range) in [("start_hour", startHour, 0...23), ("end_hour", endHour, 0...23), ("start_min", startMin, 0...59), ("end_min", endMin, 0...59)] {
            if let value, !range.contains(value) { throw .outOfRange(name, range) }
        }
        if let timezone, TimeZone(identifier: timezone) == nil { throw .invalid("timezone", "Give an IANA time zone such as Asia/Seoul.") }
        if let snoozeStart, snoozeStart < 0 { throw .negativeNotAllowed("snooze_start_ts") }
        if let snoozeEnd, snoozeEnd < 0 { throw .negativeNotAllowed("snooze_end_ts") }
        if let pushSound, pushSound.count > PushService.maxSoundLength { throw .tooLong("push_sound", max: PushService.maxSoundLength) }
        if let blockedBotIDs, blockedBotIDs.count > 100 { throw .tooManyItems("push_blocked_bot_ids", max: 100) }
    }

    func apply(to preferences: inout PushPreferences) {
        if let triggerOption { preferences.triggerOption = triggerOption }
        if let doNotDisturb { preferences.doNotDisturb = doNotDisturb }
        if let startHour { preferences.startHour = startHour }
        if let startMin { preferences.startMin = startMin }
        if let endHour { preferences.endHour = endHour }
        if let endMin { preferences.endMin = endMin }
        if let timezone { preferences.timezone = timezone }
        if let snoozeEnabled { preferences.snoozeEnabled = snoozeEnabled }
        if let snoozeStart { preferences.snoozeStart = snoozeStart }
        if let snoozeEnd { preferences.snoozeEnd = snoozeEnd }
        if let pushSound { preferences.pushSound = pushSound }
        if let blockPushFromBots { preferences.blockPushFromBots = blockPushFromBots }
        if let blockedBotIDs { preferences.blockedBotIDs = blockedBotIDs }
        if let enablePushForReplies { preferences.enablePushForReplies = enablePushForReplies }
    }
}

/// The body of `PUT /v3/users/{user_id}/push_preference/{channel_url}`. SDK 2.1.5 cannot send
/// `off` and sends `"false"` for it; the older `enable: false` means off too, and `enable: true`
/// turns an `off` channel back to `default`.
struct ChannelPushPreferenceChange: Decodable {
    var triggerOption: String?
    var pushSound: String?
    var enable: Bool?

    enum CodingKeys: String, CodingKey { case triggerOption = "push_trigger_option", pushSound = "push_sound", enable }

    func checkedOption() throws(APIError) -> String? {
        if enable == false, triggerOption == nil { return "off" }
        guard let option = triggerOption else { return nil }
        if option == "false" { return "off" }
        guard ["default", "all", "mention_only", "off"].contains(option) else {
            throw .invalid("push_trigger_option", "Give default, all, mention_only or off.")
        }
        return option
    }
}

/// The body of `PUT /v3/users/{user_id}/push/template`.
struct TemplateRequest: Decodable {
    var name: String?
    var templateName: String?

    enum CodingKeys: String, CodingKey { case name, templateName = "template_name" }
}
