import Hummingbird

/// Bans and mutes in channels (`/v3/{channel_type}/{channel_url}/ban` and `/mute`), and per
/// user across channels (`/v3/users/{user_id}/ban`, `/mute`, `*_channel_custom_types`).
struct ModerationRoutes: Sendable {
    let moderation: ModerationService
    /// Muting in an open channel answers the channel, as its own route shows it.
    let channels: any ChannelPresenter

    func register(channels group: RouterGroup<RoostContext>) {
        for type in ChannelType.allCases { register(channels: group, type) }
    }

    private func register(channels group: RouterGroup<RoostContext>, _ type: ChannelType) {
        let bans = "\(type.rawValue)/:channel_url/ban"
        group.post(RouterPath(bans), use: ban)
        group.get(RouterPath(bans), use: listBans)
        group.get(RouterPath(bans + "/:banned_user_id"), use: banned)
        group.put(RouterPath(bans + "/:banned_user_id"), use: updateBan)
        group.delete(RouterPath(bans + "/:banned_user_id"), use: unban)

        let mutes = "\(type.rawValue)/:channel_url/mute"
        group.post(RouterPath(mutes), use: mute)
        group.get(RouterPath(mutes), use: listMutes)
        group.get(RouterPath(mutes + "/:muted_user_id"), use: muted)
        group.delete(RouterPath(mutes + "/:muted_user_id"), use: unmute)
    }

    func register(users group: RouterGroup<RoostContext>) {
        group.get(":user_id/ban", use: userBans)
        group.get(":user_id/mute", use: userMutes)
        group.post(":user_id/banned_channel_custom_types", use: banInCustomTypes)
        group.post(":user_id/muted_channel_custom_types", use: muteInCustomTypes)
        group.post(":user_id/operating_channel_custom_types", use: operateInCustomTypes)
    }

    @Sendable func ban(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let body = try await request.decodeJSON(RestrictRequest.self)
        let entries = try await moderation.restrict(
            .ban, body.targets, in: type, url, seconds: body.seconds, description: body.description, agentID: body.agentID
        )
        return body.userIDs == nil
            ? try jsonResponse(BanBody(entry: entries[0]))
            : try jsonResponse(BanList(bannedList: entries.map(BanBody.init), totalBanCount: nil, next: nil))
    }

    @Sendable func listBans(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let query = request.query
        let (page, total) = try await moderation.restrictions(
            .ban, in: type, url, page: try query.pageRequest(), counting: try query.bool("show_total_ban_count") ?? false
        )
        return BanList(bannedList: page.items.map(BanBody.init), totalBanCount: total, next: page.next)
    }

    @Sendable func banned(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        guard let entry = try await moderation.restriction(.ban, of: try context.pathParameter("banned_user_id"), in: type, url)
        else { throw APIError.notFound("Ban") }
        return BanBody(entry: entry)
    }

    @Sendable func updateBan(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let body = try await request.decodeJSON(UpdateBanRequest.self)
        return BanBody(
            entry: try await moderation.updateBan(
                try context.pathParameter("banned_user_id"), in: type, url, seconds: body.seconds, description: body.description
            )
        )
    }

    @Sendable func unban(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        try await moderation.lift(.ban, try context.pathParameter("banned_user_id"), in: type, url)
        return EmptyObject()
    }

    @Sendable func mute(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let body = try await request.decodeJSON(RestrictRequest.self)
        _ = try await moderation.restrict(
            .mute, body.targets, in: type, url, seconds: body.seconds, description: body.description, agentID: nil
        )
        // Sendbird's pages: a mute in an open channel answers the channel, in a group channel nothing.
        guard type == .open else { return try jsonResponse(EmptyObject()) }
        return try await channels.response(for: type, url: url)
    }

    @Sendable func listMutes(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let query = request.query
        let (page, total) = try await moderation.restrictions(
            .mute, in: type, url, page: try query.pageRequest(), counting: try query.bool("show_total_mute_count") ?? false
        )
        let now = moderation.clock.now
        return MuteList(mutedList: page.items.map { MutedUser(entry: $0, now: now) }, totalMuteCount: total, next: page.next)
    }

    @Sendable func muted(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let entry = try await moderation.restriction(.mute, of: try context.pathParameter("muted_user_id"), in: type, url)
        return MuteStatus(restriction: entry, now: moderation.clock.now)
    }

    @Sendable func unmute(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        try await moderation.lift(.mute, try context.pathParameter("muted_user_id"), in: type, url)
        return EmptyObject()
    }

    @Sendable func userBans(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let page = try await moderation.restrictions(.ban, ofUser: try context.pathParameter("user_id"), page: try request.query.pageRequest())
        return BannedChannelList(page.items, next: page.next)
    }

    @Sendable func userMutes(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let page = try await moderation.restrictions(.mute, ofUser: try context.pathParameter("user_id"), page: try request.query.pageRequest())
        return MutedChannelList(page.items, next: page.next, now: moderation.clock.now)
    }

    @Sendable func banInCustomTypes(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await applyToCustomTypes(.ban, request, context)
    }

    @Sendable func muteInCustomTypes(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await applyToCustomTypes(.mute, request, context)
    }

    @Sendable func operateInCustomTypes(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await applyToCustomTypes(.operate, request, context)
    }

    private func applyToCustomTypes(
        _ action: ModerationService.CustomTypeAction, _ request: Request, _ context: RoostContext
    ) async throws -> EmptyObject {
        let body = try await request.decodeJSON(CustomTypesRequest.self)
        try await moderation.applyToCustomTypes(
            action, userID: try context.pathParameter("user_id"), customTypes: body.channelCustomTypes,
            seconds: body.seconds, description: body.description
        )
        return EmptyObject()
    }
}
