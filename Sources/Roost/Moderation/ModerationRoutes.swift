import Hummingbird

/// Bans and mutes in channels (`/v3/{channel_type}/{channel_url}/ban` and `/mute`), and per
/// user across channels (`/v3/users/{user_id}/ban`, `/mute`, `*_channel_custom_types`).
struct ModerationRoutes: Sendable {
    let moderation: ModerationService
    /// Muting answers the channel, as its own route shows it.
    let channels: any ChannelPresenter

    func register(channels group: RouterGroup<RoostContext>) {
        for type in ChannelType.allCases { register(channels: group, type) }
    }

    private func register(channels group: RouterGroup<RoostContext>, _ type: ChannelType) {
        let ban = "\(type.rawValue)/:channel_url/ban"
        group.post(RouterPath(ban)) { request, context in
            let url = try context.channelURL()
            let body = try await request.decodeJSON(RestrictRequest.self)
            let entries = try await moderation.restrict(
                .ban, body.targets, in: type, url, seconds: body.seconds, description: body.description, agentID: body.agentID
            )
            return body.userIDs == nil
                ? try jsonResponse(BanBody(entry: entries[0]))
                : try jsonResponse(BanList(bannedList: entries.map(BanBody.init), totalBanCount: nil, next: nil))
        }
        group.get(RouterPath(ban)) { request, context in
            let url = try context.channelURL()
            let (page, total) = try await moderation.restrictions(.ban, in: type, url, page: try request.query.pageRequest())
            return BanList(bannedList: page.items.map(BanBody.init), totalBanCount: total, next: page.next)
        }
        group.get(RouterPath(ban + "/:banned_user_id")) { _, context in
            let url = try context.channelURL()
            guard let entry = try await moderation.restriction(.ban, of: try context.pathParameter("banned_user_id"), in: type, url)
            else { throw APIError.notFound("Ban") }
            return BanBody(entry: entry)
        }
        group.put(RouterPath(ban + "/:banned_user_id")) { request, context in
            let url = try context.channelURL()
            let body = try await request.decodeJSON(UpdateBanRequest.self)
            return BanBody(
                entry: try await moderation.updateBan(
                    try context.pathParameter("banned_user_id"), in: type, url, seconds: body.seconds, description: body.description
                )
            )
        }
        group.delete(RouterPath(ban + "/:banned_user_id")) { _, context in
            let url = try context.channelURL()
            try await moderation.lift(.ban, try context.pathParameter("banned_user_id"), in: type, url)
            return EmptyObject()
        }

        let mute = "\(type.rawValue)/:channel_url/mute"
        group.post(RouterPath(mute)) { request, context in
            let url = try context.channelURL()
            let body = try await request.decodeJSON(RestrictRequest.self)
            _ = try await moderation.restrict(
                .mute, body.targets, in: type, url, seconds: body.seconds, description: body.description, agentID: nil
            )
            return try await channels.response(for: type, url: url)
        }
        group.get(RouterPath(mute)) { request, context in
            let url = try context.channelURL()
            let (page, total) = try await moderation.restrictions(.mute, in: type, url, page: try request.query.pageRequest())
            return MuteList(mutedList: page.items.map(MutedUser.init), totalMuteCount: total, next: page.next)
        }
        group.get(RouterPath(mute + "/:muted_user_id")) { _, context in
            let url = try context.channelURL()
            let entry = try await moderation.restriction(.mute, of: try context.pathParameter("muted_user_id"), in: type, url)
            return MuteStatus(restriction: entry, now: moderation.clock.now)
        }
        group.delete(RouterPath(mute + "/:muted_user_id")) { _, context in
            let url = try context.channelURL()
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
