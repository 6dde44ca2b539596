import Hummingbird

/// A ban as Sendbird answers it: the user, when the ban started and ends, and why.
struct BanBody: Encodable, ResponseEncodable {
    let user: EmbeddedUser
    let startAt: Int64
    let endAt: Int64
    let description: String

    enum CodingKeys: String, CodingKey { case user, startAt = "start_at", endAt = "end_at", description }

    init(entry: ModerationService.Entry) {
        user = EmbeddedUser(user: entry.user)
        startAt = entry.startAt
        endAt = entry.endAt
        description = entry.description
    }
}

struct BanList: ResponseEncodable {
    let bannedList: [BanBody]
    /// With `show_total_ban_count` only.
    let totalBanCount: Int?
    let next: String?

    enum CodingKeys: String, CodingKey { case bannedList = "banned_list", totalBanCount = "total_ban_count", next }
}

/// A muted user: the user's fields with the mute's time left, start, end and reason.
struct MutedUser: JSONObject {
    let entry: ModerationService.Entry
    let now: Int64

    func write(to fields: inout JSONFields) throws {
        try EmbeddedUser(user: entry.user).write(to: &fields)
        try fields.write("remaining_duration", RestrictionEnd.remaining(start: entry.startAt, end: entry.endAt, now: now))
        try fields.write("start_at", entry.startAt)
        try fields.write("end_at", RestrictionEnd.shown(start: entry.startAt, end: entry.endAt))
        try fields.write("description", entry.description)
    }
}

struct MuteList: ResponseEncodable {
    let mutedList: [MutedUser]
    /// With `show_total_mute_count` only.
    let totalMuteCount: Int?
    let next: String

    enum CodingKeys: String, CodingKey { case mutedList = "muted_list", totalMuteCount = "total_mute_count", next }
}

/// Whether a user is muted in a channel now, and for how much longer.
struct MuteStatus: Encodable, ResponseEncodable {
    let isMuted: Bool
    let remainingDuration: Int64
    let startAt: Int64
    let endAt: Int64
    let description: String

    enum CodingKeys: String, CodingKey {
        case isMuted = "is_muted", remainingDuration = "remaining_duration", startAt = "start_at", endAt = "end_at", description
    }

    init(restriction: ModerationService.Entry?, now: Int64) {
        isMuted = restriction != nil
        remainingDuration = restriction.map { RestrictionEnd.remaining(start: $0.startAt, end: $0.endAt, now: now) } ?? 0
        startAt = restriction?.startAt ?? 0
        endAt = restriction.map { RestrictionEnd.shown(start: $0.startAt, end: $0.endAt) } ?? 0
        description = restriction?.description ?? ""
    }
}

/// The channels a user is banned from (each ban holding its `channel`) or muted in (each
/// channel carrying its mute's time left, times and reason), as Sendbird lists them.
struct ChannelRestrictionList: JSONObject, ResponseEncodable {
    enum Key: String { case bannedChannels = "banned_channels", mutedChannels = "muted_channels" }

    let key: Key
    let items: [(restriction: Restriction, channel: ChannelRecord)]
    let next: String
    let now: Int64

    struct Item: JSONObject {
        let restriction: Restriction
        let channel: ChannelRecord
        let nested: Bool
        let now: Int64

        func write(to fields: inout JSONFields) throws {
            // Muted channels (not nested) read a permanent mute's end as -1; bans keep their date.
            if !nested {
                try ChannelSnapshot(channel).write(to: &fields)
                try fields.write("remaining_duration", RestrictionEnd.remaining(start: restriction.startAt, end: restriction.endAt, now: now))
            }
            try fields.write("start_at", restriction.startAt)
            try fields.write("end_at", nested ? restriction.endAt : RestrictionEnd.shown(start: restriction.startAt, end: restriction.endAt))
            try fields.write("description", restriction.description)
            if nested { try fields.write("channel", ChannelSnapshot(channel)) }
        }
    }

    func write(to fields: inout JSONFields) throws {
        let nested = key == .bannedChannels
        try fields.write(key.rawValue, items.map { Item(restriction: $0.restriction, channel: $0.channel, nested: nested, now: now) })
        try fields.write("next", next)
    }
}
