import Hummingbird

/// `/v3/users/{user_id}/my_group_channels` and friends: group channels seen by one member.
struct MyGroupChannelRoutes: Sendable {
    let channels: GroupChannelService

    func register(on group: RouterGroup<RoostContext>) {
        group.get(":user_id/my_group_channels") { request, context in
            let query = request.query
            let userRowID = try await channels.rowID(ofUser: try context.pathParameter("user_id"))
            let channelQuery = ChannelQuery(
                type: .group, filter: try ChannelFilter(query),
                membership: try MembershipFilter(query, userRowID: userRowID),
                order: try ChannelOrder(query), after: try query.pageRequest().after
            )
            var options = try ChannelViewOptions(query)
            options.viewerRowID = userRowID
            let page = try await channels.list(channelQuery, page: try query.pageRequest(), options: options)
            return ChannelList(channels: page.items, next: page.next)
        }
        group.get(":user_id/group_channel_count") { request, context in
            let query = request.query
            let userRowID = try await channels.rowID(ofUser: try context.pathParameter("user_id"))
            var filter = try ChannelFilter(query)
            filter.showEmpty = true
            let membership = try MembershipFilter(query, userRowID: userRowID)
            let count = try await channels.count(ChannelQuery(type: .group, filter: filter, membership: membership))
            return GroupChannelCount(groupChannelCount: count)
        }
        group.put(":user_id/my_group_channels/leave") { request, context in
            let body = try await request.decodeJSON(LeaveMyChannelsRequest.self)
            // The official SDK always sends custom_type, "" when the caller means every channel.
            let customType = body.customType.flatMap { $0.isEmpty ? nil : $0 }
            try await channels.leaveAll(userID: try context.pathParameter("user_id"), customType: customType)
            return EmptyObject()
        }
    }
}
