import Hummingbird

/// `/v3/applications/settings_by_channel_custom_type/{custom_type}/ban` and `/mute`.
struct CustomTypeModerationRoutes: Sendable {
    let moderation: CustomTypeModerationService

    func register(on group: RouterGroup<RoostContext>) {
        let bans = "settings_by_channel_custom_type/:custom_type/ban"
        group.post(RouterPath(bans), use: ban)
        group.get(RouterPath(bans), use: listBans)
        group.delete(RouterPath(bans), use: unban)

        let mutes = "settings_by_channel_custom_type/:custom_type/mute"
        group.post(RouterPath(mutes), use: mute)
        group.get(RouterPath(mutes), use: listMutes)
        group.delete(RouterPath(mutes), use: unmute)
    }

    @Sendable func ban(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(CustomTypeBanRequest.self)
        let orders = (body.bannedList ?? []).map { CustomTypeModerationService.Order(userID: $0.userID, seconds: $0.seconds, description: $0.description) }
        try await moderation.restrict(.ban, orders, in: try context.pathParameter("custom_type"), upsert: body.upsert)
        return EmptyObject()
    }

    @Sendable func listBans(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let page = try await moderation.restrictions(.ban, in: try context.pathParameter("custom_type"), page: try request.query.pageRequest())
        return BanList(bannedList: page.items.map(BanBody.init), totalBanCount: nil, next: page.next)
    }

    @Sendable func unban(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await moderation.lift(.ban, request.query.list("user_ids") ?? [], from: try context.pathParameter("custom_type"))
        return EmptyObject()
    }

    @Sendable func mute(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(CustomTypeMuteRequest.self)
        let orders = (body.userIDs ?? []).map { CustomTypeModerationService.Order(userID: $0, seconds: body.seconds, description: body.description) }
        try await moderation.restrict(.mute, orders, in: try context.pathParameter("custom_type"), upsert: body.upsert)
        return EmptyObject()
    }

    @Sendable func listMutes(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let page = try await moderation.restrictions(.mute, in: try context.pathParameter("custom_type"), page: try request.query.pageRequest())
        let now = moderation.clock.now
        return CustomTypeMuteList(mutedList: page.items.map { MutedUser(entry: $0, now: now) }, next: page.next)
    }

    @Sendable func unmute(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await moderation.lift(.mute, request.query.list("user_ids") ?? [], from: try context.pathParameter("custom_type"))
        return EmptyObject()
    }
}

struct CustomTypeBanRequest: Decodable {
    struct Ban: Decodable {
        let userID: String
        let seconds: Int64?
        let description: String?

        enum CodingKeys: String, CodingKey { case userID = "user_id", seconds, description }
    }

    let bannedList: [Ban]?
    let onDemandUpsert: Bool?
    let onDemandUserUpsert: Bool?

    /// Sendbird takes either name.
    var upsert: Bool { onDemandUpsert ?? onDemandUserUpsert ?? false }

    enum CodingKeys: String, CodingKey {
        case bannedList = "banned_list", onDemandUpsert = "on_demand_upsert", onDemandUserUpsert = "on_demand_user_upsert"
    }
}

struct CustomTypeMuteRequest: Decodable {
    let userIDs: [String]?
    let seconds: Int64?
    let description: String?
    let onDemandUpsert: Bool?
    let onDemandUserUpsert: Bool?

    var upsert: Bool { onDemandUpsert ?? onDemandUserUpsert ?? false }

    enum CodingKeys: String, CodingKey {
        case userIDs = "user_ids", seconds, description
        case onDemandUpsert = "on_demand_upsert", onDemandUserUpsert = "on_demand_user_upsert"
    }
}

struct CustomTypeMuteList: ResponseEncodable {
    let mutedList: [MutedUser]
    let next: String

    enum CodingKeys: String, CodingKey { case mutedList = "muted_list", next }
}
