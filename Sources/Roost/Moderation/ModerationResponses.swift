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

/// A mute's time left, start, end and reason, as its user's or its channel's fields; a
/// permanent mute ends at -1.
struct MuteTerms: Encodable {
    let remainingDuration: Int64
    let startAt: Int64
    let endAt: Int64
    let description: String

    enum CodingKeys: String, CodingKey { case remainingDuration = "remaining_duration", startAt = "start_at", endAt = "end_at", description }

    init(start: Int64, end: Int64, description: String, now: Int64) {
        remainingDuration = RestrictionEnd.remaining(start: start, end: end, now: now)
        startAt = start
        endAt = RestrictionEnd.shown(start: start, end: end)
        self.description = description
    }
}

/// A muted user: one object, the user's fields, then the mute's.
struct MutedUser: Encodable {
    let user: EmbeddedUser
    let mute: MuteTerms

    init(entry: ModerationService.Entry, now: Int64) {
        user = EmbeddedUser(user: entry.user)
        mute = MuteTerms(start: entry.startAt, end: entry.endAt, description: entry.description, now: now)
    }

    func encode(to encoder: any Encoder) throws {
        try user.encode(to: encoder)
        try mute.encode(to: encoder)
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

/// The channels a user is muted in, each channel's fields with its mute's, as Sendbird
/// lists them.
struct MutedChannelList: Encodable, ResponseEncodable {
    /// One object: the channel's fields, then the mute's.
    struct MutedChannel: Encodable {
        let channel: ChannelSnapshot
        let mute: MuteTerms

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
            MutedChannel(
                channel: ChannelSnapshot(channel),
                mute: MuteTerms(start: restriction.startAt, end: restriction.endAt, description: restriction.description, now: now)
            )
        }
        self.next = next
    }
}
