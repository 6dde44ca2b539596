import Hummingbird

struct RestrictRequest: Decodable {
    var userID: String?
    var userIDs: [String]?
    var agentID: String?
    var seconds: Int64?
    var description: String?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", userIDs = "user_ids", agentID = "agent_id", seconds, description
    }

    var targets: [String] { userIDs ?? userID.map { [$0] } ?? [] }
}

struct UpdateBanRequest: Decodable {
    var seconds: Int64?
    var description: String?
}

struct CustomTypesRequest: Decodable {
    var channelCustomTypes: [String]
    var seconds: Int64?
    var description: String?

    enum CodingKeys: String, CodingKey { case channelCustomTypes = "channel_custom_types", seconds, description }
}

/// Bans and mutes in channels (`/v3/{channel_type}/{channel_url}/ban` and `/mute`), and per
/// user across channels (`/v3/users/{user_id}/ban`, `/mute`, `*_channel_custom_types`).
struct ModerationRoutes: Sendable {
    let moderation: ModerationService
    let groupChannels: GroupChannelService
    let openChannels: OpenChannelService

    func register(channels group: RouterGroup<RoostContext>) {
        let ban = ":channel_type/:channel_url/ban"
        group.post(RouterPath(ban)) { request, context in
            let (type, url) = try context.channel()
            let body = try await request.decodeJSON(RestrictRequest.self)
            let entries = try await moderation.restrict(
                .ban, body.targets, in: type, url, seconds: body.seconds, description: body.description, agentID: body.agentID
            )
            return body.userIDs == nil
                ? try jsonResponse(BanBody(entry: entries[0]))
                : try jsonResponse(BanList(bannedList: entries.map(BanBody.init), totalBanCount: nil, next: nil))
        }
        group.get(RouterPath(ban)) { request, context in
            let (type, url) = try context.channel()
            let (page, total) = try await moderation.restrictions(.ban, in: type, url, page: try request.query.pageRequest())
            return BanList(bannedList: page.items.map(BanBody.init), totalBanCount: total, next: page.next)
        }
        group.get(RouterPath(ban + "/:banned_user_id")) { _, context in
            let (type, url) = try context.channel()
            guard let entry = try await moderation.restriction(.ban, of: try context.pathParameter("banned_user_id"), in: type, url)
            else { throw APIError.notFound("Ban") }
            return BanBody(entry: entry)
        }
        group.put(RouterPath(ban + "/:banned_user_id")) { request, context in
            let (type, url) = try context.channel()
            let body = try await request.decodeJSON(UpdateBanRequest.self)
            return BanBody(
                entry: try await moderation.updateBan(
                    try context.pathParameter("banned_user_id"), in: type, url, seconds: body.seconds, description: body.description
                )
            )
        }
        group.delete(RouterPath(ban + "/:banned_user_id")) { _, context in
            let (type, url) = try context.channel()
            try await moderation.lift(.ban, try context.pathParameter("banned_user_id"), in: type, url)
            return EmptyObject()
        }

        let mute = ":channel_type/:channel_url/mute"
        group.post(RouterPath(mute)) { request, context in
            let (type, url) = try context.channel()
            let body = try await request.decodeJSON(RestrictRequest.self)
            _ = try await moderation.restrict(
                .mute, body.targets, in: type, url, seconds: body.seconds, description: body.description, agentID: nil
            )
            return type == .group
                ? try jsonResponse(try await groupChannels.channel(url, options: ChannelViewOptions()))
                : try jsonResponse(try await openChannels.channel(url))
        }
        group.get(RouterPath(mute)) { request, context in
            let (type, url) = try context.channel()
            let (page, total) = try await moderation.restrictions(.mute, in: type, url, page: try request.query.pageRequest())
            return MuteList(mutedList: page.items.map(MutedUser.init), totalMuteCount: total, next: page.next)
        }
        group.get(RouterPath(mute + "/:muted_user_id")) { _, context in
            let (type, url) = try context.channel()
            let entry = try await moderation.restriction(.mute, of: try context.pathParameter("muted_user_id"), in: type, url)
            return MuteStatus(restriction: entry?.restriction, now: moderation.clock.now)
        }
        group.delete(RouterPath(mute + "/:muted_user_id")) { _, context in
            let (type, url) = try context.channel()
            try await moderation.lift(.mute, try context.pathParameter("muted_user_id"), in: type, url)
            return EmptyObject()
        }
    }

    func register(users group: RouterGroup<RoostContext>) {
        group.get(":user_id/ban") { request, context in
            let page = try await moderation.restrictions(.ban, ofUser: try context.pathParameter("user_id"), page: try request.query.pageRequest())
            return ChannelRestrictionList(key: .bannedChannels, items: page.items, next: page.next)
        }
        group.get(":user_id/mute") { request, context in
            let page = try await moderation.restrictions(.mute, ofUser: try context.pathParameter("user_id"), page: try request.query.pageRequest())
            return ChannelRestrictionList(key: .mutedChannels, items: page.items, next: page.next)
        }
        for (path, action) in [
            ("banned_channel_custom_types", ModerationService.CustomTypeAction.ban),
            ("muted_channel_custom_types", .mute),
            ("operating_channel_custom_types", .operate),
        ] {
            group.post(RouterPath(":user_id/\(path)")) { request, context in
                let body = try await request.decodeJSON(CustomTypesRequest.self)
                try await moderation.applyToCustomTypes(
                    action, userID: try context.pathParameter("user_id"), customTypes: body.channelCustomTypes,
                    seconds: body.seconds, description: body.description
                )
                return EmptyObject()
            }
        }
    }
}

/// A ban as Sendbird answers it: the user, when the ban started and ends, and why.
struct BanBody: Encodable, ResponseEncodable {
    let entry: ModerationService.Entry

    enum CodingKeys: String, CodingKey { case user, startAt = "start_at", endAt = "end_at", description }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(EmbeddedUser(user: entry.user), forKey: .user)
        try container.encode(entry.restriction.startAt, forKey: .startAt)
        try container.encode(entry.restriction.endAt, forKey: .endAt)
        try container.encode(entry.restriction.description, forKey: .description)
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
        try fields.write("start_at", entry.restriction.startAt)
        try fields.write("end_at", entry.restriction.endAt)
        try fields.write("description", entry.restriction.description)
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
    let restriction: Restriction?
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

/// The essentials of a channel, as lists of restrictions and reports show it.
struct ChannelSnapshot: Codable, Sendable {
    let channel_url: String
    let channel_type: String
    let name: String
    let custom_type: String
    let cover_url: String
    let data: String
    let created_at: Int64
    let member_count: Int
    let max_length_message: Int

    init(_ channel: ChannelRecord) {
        channel_url = channel.url
        channel_type = channel.type == .group ? "group" : "open"
        name = channel.name
        custom_type = channel.customType
        cover_url = channel.coverURL
        data = channel.data
        created_at = channel.createdAt / 1000
        member_count = channel.type == .group ? channel.memberCount : channel.participantCount
        max_length_message = channel.type == .group ? GroupChannel.maxLengthMessage : -1
    }
}
