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

/// The channels a user is banned from, each ban holding its `channel`, as Sendbird lists them.
struct BannedChannelList: Encodable, ResponseEncodable {
    struct Ban: Encodable {
        let startAt: Int64
        let endAt: Int64
        let description: String
        let channel: ChannelSnapshot

        enum CodingKeys: String, CodingKey { case startAt = "start_at", endAt = "end_at", description, channel }
    }

    let bannedChannels: [Ban]
    let next: String

    enum CodingKeys: String, CodingKey { case bannedChannels = "banned_channels", next }

    init(_ items: [(restriction: Restriction, channel: ChannelRecord)], next: String) {
        bannedChannels = items.map {
            Ban(startAt: $0.restriction.startAt, endAt: $0.restriction.endAt, description: $0.restriction.description, channel: ChannelSnapshot($0.channel))
        }
        self.next = next
    }
}

/// The channels a user is muted in, each channel's fields with its mute's time left, times and
/// reason, as Sendbird lists them; a permanent mute ends at -1.
struct MutedChannelList: Encodable, ResponseEncodable {
    struct MutedChannel: Encodable {
        struct Mute: Encodable {
            let remainingDuration: Int64
            let startAt: Int64
            let endAt: Int64
            let description: String

            enum CodingKeys: String, CodingKey { case remainingDuration = "remaining_duration", startAt = "start_at", endAt = "end_at", description }
        }

        let channel: ChannelSnapshot
        let mute: Mute

        /// One object: the channel's fields, then the mute's.
        func encode(to encoder: any Encoder) throws {
            try channel.encode(to: encoder)
            try mute.encode(to: encoder)
        }
    }

    let mutedChannels: [MutedChannel]
    let next: String

    enum CodingKeys: String, CodingKey { case mutedChannels = "muted_channels", next }

    init(_ items: [(restriction: Restriction, channel: ChannelRecord)], next: String, now: Int64) {
        mutedChannels = items.map { restriction, channel in
            let (start, end) = (restriction.startAt, restriction.endAt)
            return MutedChannel(
                channel: ChannelSnapshot(channel),
                mute: .init(
                    remainingDuration: RestrictionEnd.remaining(start: start, end: end, now: now), startAt: start,
                    endAt: RestrictionEnd.shown(start: start, end: end), description: restriction.description
                )
            )
        }
        self.next = next
    }
}
