import Hummingbird

struct MarkAsReadRequest: Decodable {
    var userID: String
    var timestamp: Int64?

    enum CodingKeys: String, CodingKey { case userID = "user_id", timestamp }
}

struct MarkAllAsReadRequest: Decodable {
    var channelURLs: [String]?

    enum CodingKeys: String, CodingKey { case channelURLs = "channel_urls" }
}

struct CountPreferenceBody: Codable, ResponseEncodable {
    var countPreference: CountPreference

    enum CodingKeys: String, CodingKey { case countPreference = "count_preference" }
}

/// Read state of group channels (`/v3/group_channels/{channel_url}/messages/...`) and of
/// users (`/v3/users/{user_id}/unread_*`, `mark_as_read_all`, `count_preference`).
struct ReadStateRoutes: Sendable {
    let readState: ReadStateService

    /// Registered beside the message routes (`{channel_type}/{channel_url}/messages/...`) so the
    /// router finds both; only group channels have read state.
    func register(channels group: RouterGroup<RoostContext>) {
        for type in ChannelType.allCases { register(channels: group, type) }
    }

    private func register(channels group: RouterGroup<RoostContext>, _ type: ChannelType) {
        let path = "\(type.rawValue)/:channel_url/messages"
        group.put(RouterPath(path + "/mark_as_read"), use: markAsRead)
        group.put(RouterPath(path + "/mark_as_delivered"), use: markAsDelivered)
        group.get(RouterPath(path + "/unread_count"), use: unreadCount)
    }

    func register(users group: RouterGroup<RoostContext>) {
        group.put(":user_id/mark_as_read_all", use: markAllAsRead)
        group.get(":user_id/unread_message_count", use: unreadMessageCount)
        group.get(":user_id/unread_channel_count", use: unreadChannelCount)
        group.get(":user_id/unread_item_count", use: unreadItemCount)
        group.get(":user_id/count_preference/:channel_url", use: countPreference)
        group.put(":user_id/count_preference/:channel_url", use: setCountPreference)
    }

    private func totals(_ request: Request, _ context: RoostContext) async throws -> UnreadTotals {
        try await totals(of: try context.pathParameter("user_id"), query: request.query)
    }

    /// A user's totals, narrowed by the query's `custom_types` and `super_mode`.
    private func totals(of userID: String, query: QueryParameters) async throws -> UnreadTotals {
        try await readState.totals(
            of: userID, customTypes: query.list("custom_types"),
            superMode: try query.option("super_mode", as: ChannelFilter.SuperMode.self) ?? .all
        )
    }

    @Sendable func markAsRead(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let body = try await request.decodeJSON(MarkAsReadRequest.self)
        try await readState.markAsRead(try context.groupChannelURL(in: type), userID: body.userID, timestamp: body.timestamp)
        return EmptyObject()
    }

    @Sendable func markAsDelivered(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let body = try await request.decodeJSON(MarkAsReadRequest.self)
        return DeliveredAt(ts: try await readState.markAsDelivered(try context.groupChannelURL(in: type), userID: body.userID))
    }

    @Sendable func unreadCount(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        return UnreadByMember(unread: try await readState.unreadCounts(try context.groupChannelURL(in: type), userIDs: request.query.list("user_ids")))
    }

    @Sendable func markAllAsRead(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(MarkAllAsReadRequest.self)
        try await readState.markAllAsRead(userID: try context.pathParameter("user_id"), channelURLs: body.channelURLs)
        return EmptyObject()
    }

    @Sendable func unreadMessageCount(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        UnreadCount(unreadCount: try await totals(request, context).messages)
    }

    @Sendable func unreadChannelCount(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        UnreadCount(unreadCount: try await totals(request, context).channelsWithUnread)
    }

    @Sendable func unreadItemCount(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let keys = request.query.list("item_keys")
        var items: [String: Int] = [:]
        for superMode in [ChannelFilter.SuperMode.all, .super, .nonsuper] {
            let totals = try await readState.totals(
                of: try context.pathParameter("user_id"),
                customTypes: request.query.list("custom_types", orSingle: "custom_type"),
                superMode: superMode
            )
            let prefix = ["all": "", "super": "super_", "nonsuper": "non_super_"][superMode.rawValue]!
            items[prefix + "group_channel_unread_message_count"] = totals.messages
            items[prefix + "group_channel_unread_mention_count"] = totals.mentions
            items[prefix + "group_channel_invitation_count"] = totals.invitations
        }
        if let keys {
            let unknown = keys.filter { items[$0] == nil }
            guard unknown.isEmpty else { throw APIError.invalid("item_keys") }
            items = items.filter { keys.contains($0.key) }
        }
        return UnreadItems(counts: items)
    }

    @Sendable func countPreference(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        CountPreferenceBody(
            countPreference: try await readState.countPreference(
                of: try context.pathParameter("user_id"), in: try context.pathParameter("channel_url")
            )
        )
    }

    @Sendable func setCountPreference(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(CountPreferenceBody.self)
        try await readState.setCountPreference(
            body.countPreference, of: try context.pathParameter("user_id"), in: try context.pathParameter("channel_url")
        )
        return body
    }
}

/// The totals a user shows with `include_unread_count=true`.
extension ReadStateRoutes: UnreadTotalsSource {
    func unreadTotals(of userID: String, query: QueryParameters) async throws -> (messages: Int, channels: Int) {
        let totals = try await totals(of: userID, query: query)
        return (totals.messages, totals.channelsWithUnread)
    }
}

struct DeliveredAt: ResponseEncodable {
    let ts: Int64
}

struct UnreadByMember: ResponseEncodable {
    let unread: [String: Int]
}

struct UnreadCount: ResponseEncodable {
    let unreadCount: Int

    enum CodingKeys: String, CodingKey { case unreadCount = "unread_count" }
}

struct UnreadItems: ResponseEncodable {
    let counts: [String: Int]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(counts)
    }
}
