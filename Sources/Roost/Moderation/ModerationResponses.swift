import Hummingbird

/// A ban as Sendbird answers it: the user, when the ban started and ends, and why.
struct BanBody: Encodable, ResponseEncodable {
    let entry: ModerationService.Entry

    enum CodingKeys: String, CodingKey { case user, startAt = "start_at", endAt = "end_at", description }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(EmbeddedUser(user: entry.user), forKey: .user)
        try container.encode(entry.startAt, forKey: .startAt)
        try container.encode(entry.endAt, forKey: .endAt)
        try container.encode(entry.description, forKey: .description)
    }
}

struct BanList: ResponseEncodable {
    let bannedList: [BanBody]
    let totalBanCount: Int?
    let next: String?

    enum CodingKeys: String, CodingKey { case bannedList = "banned_list", totalBanCount = "total_ban_count", next }
}

/// A muted user: the user's fields with the mute's start, end and reason.
struct MutedUser: JSONObject {
    let entry: ModerationService.Entry

    func write(to fields: inout JSONFields) throws {
        try EmbeddedUser(user: entry.user).write(to: &fields)
        try fields.write("start_at", entry.startAt)
        try fields.write("end_at", entry.endAt)
        try fields.write("description", entry.description)
    }
}

struct MuteList: ResponseEncodable {
    let mutedList: [MutedUser]
    let totalMuteCount: Int
    let next: String

    enum CodingKeys: String, CodingKey { case mutedList = "muted_list", totalMuteCount = "total_mute_count", next }
}

/// Whether a user is muted in a channel now, and for how much longer.
struct MuteStatus: ResponseEncodable {
    let restriction: ModerationService.Entry?
    let now: Int64

    enum CodingKeys: String, CodingKey {
        case isMuted = "is_muted", remainingDuration = "remaining_duration", startAt = "start_at", endAt = "end_at"
        case description
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(restriction != nil, forKey: .isMuted)
        try container.encode(restriction.map { max(0, $0.endAt - now) } ?? 0, forKey: .remainingDuration)
        try container.encode(restriction?.startAt ?? 0, forKey: .startAt)
        try container.encode(restriction?.endAt ?? 0, forKey: .endAt)
        try container.encode(restriction?.description ?? "", forKey: .description)
    }
}

/// The channels a user is banned from (each ban holding its `channel`) or muted in (each
/// channel carrying its mute's times and reason), as Sendbird lists them.
struct ChannelRestrictionList: ResponseEncodable {
    enum Key: String, CodingKey { case bannedChannels = "banned_channels", mutedChannels = "muted_channels", next }

    let key: Key
    let items: [(restriction: Restriction, channel: ChannelRecord)]
    let next: String

    struct Item: Encodable {
        let restriction: Restriction
        let channel: ChannelRecord
        let nested: Bool

        enum CodingKeys: String, CodingKey { case startAt = "start_at", endAt = "end_at", description, channel }

        func encode(to encoder: any Encoder) throws {
            if !nested { try ChannelSnapshot(channel).encode(to: encoder) }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(restriction.startAt, forKey: .startAt)
            try container.encode(restriction.endAt, forKey: .endAt)
            try container.encode(restriction.description, forKey: .description)
            if nested { try container.encode(ChannelSnapshot(channel), forKey: .channel) }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        let nested = key == .bannedChannels
        try container.encode(items.map { Item(restriction: $0.restriction, channel: $0.channel, nested: nested) }, forKey: key)
        try container.encode(next, forKey: .next)
    }
}
