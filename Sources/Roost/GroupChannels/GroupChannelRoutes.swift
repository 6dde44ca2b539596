import Hummingbird

/// `/v3/group_channels`: group channels, their members, invitations and operators.
struct GroupChannelRoutes: Sendable {
    let channels: GroupChannelService
    let files: FileStorage

    func register(on group: RouterGroup<RoostContext>) {
        group.post { request, context in
            try await files.withUpload(
                request, as: CreateGroupChannelRequest.self, part: "cover_file", context: context, attach: { $0.coverURL = $1.url }
            ) { try await channels.create($0) }
        }
        group.get { request, _ in
            let query = request.query
            let channelQuery = ChannelQuery(
                type: .group, filter: try ChannelFilter(query), order: try ChannelOrder(query),
                after: try query.pageRequest().after
            )
            let page = try await channels.list(channelQuery, page: try query.pageRequest(), options: try ChannelViewOptions(query))
            return ChannelList(channels: page.items, next: page.next)
        }
        group.get(":channel_url") { request, context in
            try await channels.channel(try context.pathParameter("channel_url"), options: try ChannelViewOptions(request.query))
        }
        group.put(":channel_url") { request, context in
            let url = try context.pathParameter("channel_url")
            return try await files.withUpload(
                request, as: UpdateGroupChannelRequest.self, part: "cover_file", context: context, attach: { $0.coverURL = $1.url }
            ) { try await channels.update(url, with: $0) }
        }
        group.delete(":channel_url") { _, context in
            try await channels.delete(try context.pathParameter("channel_url"))
            return EmptyObject()
        }
        group.put(":channel_url/freeze") { request, context in
            try await channels.freeze(try context.pathParameter("channel_url"), try await request.decodeJSON(FreezeRequest.self).freeze)
        }
        registerMembership(on: group)
        ChannelOperatorRoutes(operators: ChannelOperatorService(type: .group, database: channels.database, clock: channels.clock, events: channels.events))
            .register(on: group)
    }

    private func registerMembership(on group: RouterGroup<RoostContext>) {
        group.get(":channel_url/members") { request, context in
            let query = request.query
            let page = try await channels.members(
                of: try context.pathParameter("channel_url"), try MemberListQuery(query), viewerID: query.string("user_id"),
                page: try query.pageRequest()
            )
            return MemberList(members: page.items, next: page.next)
        }
        group.get(":channel_url/members/:user_id") { _, context in
            let status = try await channels.membership(
                of: try context.pathParameter("user_id"), in: try context.pathParameter("channel_url")
            )
            return MembershipStatusBody(isMember: status.isMember, state: status.state?.rawValue ?? "none")
        }
        group.post(":channel_url/invite") { request, context in
            try await channels.invite(to: try context.pathParameter("channel_url"), try await request.decodeJSON(InviteRequest.self))
        }
        group.put(":channel_url/accept") { request, context in
            try await channels.accept(try context.pathParameter("channel_url"), try await request.decodeJSON(MemberActionRequest.self))
        }
        group.put(":channel_url/decline") { request, context in
            try await channels.decline(try context.pathParameter("channel_url"), try await request.decodeJSON(MemberActionRequest.self))
            return EmptyObject()
        }
        group.put(":channel_url/join") { request, context in
            try await channels.join(try context.pathParameter("channel_url"), try await request.decodeJSON(MemberActionRequest.self))
        }
        group.put(":channel_url/leave") { request, context in
            try await channels.leave(try context.pathParameter("channel_url"), try await request.decodeJSON(LeaveRequest.self))
            return EmptyObject()
        }
        group.put(":channel_url/hide") { request, context in
            try await channels.hide(try context.pathParameter("channel_url"), try await request.decodeJSON(HideRequest.self))
            return EmptyObject()
        }
        group.delete(":channel_url/hide") { request, context in
            let query = request.query
            try await channels.unhide(
                try context.pathParameter("channel_url"), userID: query.string("user_id"),
                unhideAll: try query.bool("should_unhide_all") ?? false
            )
            return EmptyObject()
        }
        group.put(":channel_url/reset_user_history") { request, context in
            let offset = try await channels.resetHistory(
                try context.pathParameter("channel_url"), try await request.decodeJSON(ResetHistoryRequest.self)
            )
            return MessageOffset(tsMessageOffset: offset)
        }
        group.post(":channel_url/typing") { request, context in
            let body = try await request.decodeJSON(TypingRequest.self)
            try await channels.setTyping(try context.pathParameter("channel_url"), userIDs: body.userIDs, typing: true)
            return EmptyObject()
        }
        group.delete(":channel_url/typing") { request, context in
            let body = try await request.decodeJSON(TypingRequest.self)
            try await channels.setTyping(try context.pathParameter("channel_url"), userIDs: body.userIDs, typing: false)
            return EmptyObject()
        }
    }
}
