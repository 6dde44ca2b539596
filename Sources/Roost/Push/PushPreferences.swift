/// The push token types Sendbird keeps: FCM (`gcm`), Huawei and APNs.
enum DeviceTokenType: String, Sendable, CaseIterable {
    case gcm, huawei, apns

    /// How answers name the type.
    var label: String { rawValue.uppercased() }

    /// The request body field that carries a token of this type.
    var bodyField: String {
        switch self {
        case .gcm: "gcm_reg_token"
        case .huawei: "huawei_device_token"
        case .apns: "apns_device_token"
        }
    }
}

/// A user's push preferences, with Sendbird's defaults.
struct PushPreferences: Sendable, Equatable, FetchableRecord {
    var triggerOption = "all"
    var doNotDisturb = false
    var startHour = 0
    var startMin = 0
    var endHour = 0
    var endMin = 0
    var timezone = "UTC"
    var snoozeEnabled = false
    var snoozeStart: Int64 = 0
    var snoozeEnd: Int64 = 0
    var pushSound = "default"
    var blockPushFromBots = false
    var blockedBotIDs: [String] = []
    var enablePushForReplies = false
    var template = "default"

    enum Columns: Int, TableColumns {
        case push_trigger_option, do_not_disturb, start_hour, start_min, end_hour, end_min, timezone, snooze_enabled
        case snooze_start_ts, snooze_end_ts, push_sound, block_push_from_bots, push_blocked_bot_ids, enable_push_for_replies
        case template
    }

    init() {}

    /// What `DELETE /v3/users/{user_id}/push_preference` resets, as Sendbird's page lists it:
    /// do-not-disturb and snooze off with their times at 0, the time zone UTC and the sound
    /// `default`. The trigger option, the bot and reply settings and the template stay.
    mutating func resetQuietTimes() {
        let defaults = PushPreferences()
        doNotDisturb = defaults.doNotDisturb
        (startHour, startMin, endHour, endMin) = (defaults.startHour, defaults.startMin, defaults.endHour, defaults.endMin)
        snoozeEnabled = defaults.snoozeEnabled
        (snoozeStart, snoozeEnd) = (defaults.snoozeStart, defaults.snoozeEnd)
        timezone = defaults.timezone
        pushSound = defaults.pushSound
    }

    init(row: Row) {
        triggerOption = row[Columns.push_trigger_option]
        doNotDisturb = row[Columns.do_not_disturb]
        startHour = row[Columns.start_hour]
        startMin = row[Columns.start_min]
        endHour = row[Columns.end_hour]
        endMin = row[Columns.end_min]
        timezone = row[Columns.timezone]
        snoozeEnabled = row[Columns.snooze_enabled]
        snoozeStart = row[Columns.snooze_start_ts]
        snoozeEnd = row[Columns.snooze_end_ts]
        pushSound = row[Columns.push_sound]
        blockPushFromBots = row[Columns.block_push_from_bots]
        blockedBotIDs = JSONColumn.decode(row[Columns.push_blocked_bot_ids])
        enablePushForReplies = row[Columns.enable_push_for_replies]
        template = row[Columns.template]
    }
}

/// A member's push preference for one channel: `default` follows the user's own.
struct ChannelPushPreference: Sendable, Equatable {
    var triggerOption = "default"
    var pushSound = "default"
}
