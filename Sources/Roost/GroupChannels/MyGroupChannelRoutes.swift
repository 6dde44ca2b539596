import Hummingbird

/// `/v3/users/{user_id}/my_group_channels` and friends: group channels seen by one member.
struct MyGroupChannelRoutes: Sendable {
    let channels: GroupChannelService

    func register(on group: RouterGroup<RoostContext>) {
        group.get(":user_id/my_group_channels", use: myGroupChannels)
        group.get(":user_id/group_channel_count", use: groupChannelCount)
        group.put(":user_id/my_group_channels/leave", use: leaveAll)
    }

    @Sendable func myGroupChannels(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        let page = try await channels.list(seenBy: try context.pathParameter("user_id")) { userRowID in
            let pageRequest = try query.pageRequest()
            let channelQuery = ChannelQuery(
                type: .group, filter: try ChannelFilter(query),
                membership: try MembershipFilter(query, userRowID: userRowID),
                order: try ChannelOrder(query), after: pageRequest.after
            )
            var options = try ChannelViewOptions(query)
            options.viewerRowID = userRowID
            return (channelQuery, pageRequest, options)
        }
        return ChannelList(channels: page.items, next: page.next)
    }

    @Sendable func groupChannelCount(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        let count = try await channels.count(seenBy: try context.pathParameter("user_id")) { userRowID in
            var filter = try ChannelFilter(query)
            filter.showEmpty = true
            return ChannelQuery(type: .group, filter: filter, membership: try MembershipFilter(query, userRowID: userRowID))
        }
        return GroupChannelCount(groupChannelCount: count)
    }

    @Sendable func leaveAll(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(LeaveMyChannelsRequest.self)
        // The official SDK always sends custom_type, "" when the caller means every channel.
        let customType = body.customType.flatMap { $0.isEmpty ? nil : $0 }
        try await channels.leaveAll(userID: try context.pathParameter("user_id"), customType: customType)
        return EmptyObject()
    }
}
