import Hummingbird

/// `/v3/group_channels`: group channels, their members, invitations and operators.
struct GroupChannelRoutes: Sendable {
    let channels: GroupChannelService
    let files: FileStorage

    func register(on group: RouterGroup<RoostContext>) {
        group.post(use: create)
        group.get(use: list)
        group.get(":channel_url", use: channel)
        group.put(":channel_url", use: update)
        group.delete(":channel_url", use: delete)
        group.put(":channel_url/freeze", use: freeze)
        registerMembership(on: group)
        ChannelOperatorRoutes(operators: ChannelOperatorService(type: .group, database: channels.database, clock: channels.clock, events: channels.events))
            .register(on: group)
    }

    private func registerMembership(on group: RouterGroup<RoostContext>) {
        group.get(":channel_url/members", use: members)
        group.get(":channel_url/members/:user_id", use: member)
        group.post(":channel_url/invite", use: invite)
        group.put(":channel_url/accept", use: accept)
        group.put(":channel_url/decline", use: decline)
        group.put(":channel_url/join", use: join)
        group.put(":channel_url/leave", use: leave)
        group.put(":channel_url/hide", use: hide)
        group.delete(":channel_url/hide", use: unhide)
        group.put(":channel_url/reset_user_history", use: resetUserHistory)
        group.post(":channel_url/typing", use: startTyping)
        group.delete(":channel_url/typing", use: stopTyping)
    }

    @Sendable func create(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await files.withUpload(
            request, as: CreateGroupChannelRequest.self, part: "cover_file", context: context, attach: { $0.coverURL = $1.url }
        ) { try await channels.create($0) }
    }

    @Sendable func list(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        let channelQuery = ChannelQuery(
            type: .group, filter: try ChannelFilter(query), order: try ChannelOrder(query),
            after: try query.pageRequest().after
        )
        let page = try await channels.list(
            channelQuery, page: try query.pageRequest(), options: try ChannelViewOptions(query), viewerID: query.string("user_id")
        )
        return ChannelList(channels: page.items, next: page.next)
    }

    @Sendable func channel(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.channel(
            try context.pathParameter("channel_url"), options: try ChannelViewOptions(request.query), viewerID: request.query.string("user_id")
        )
    }

    @Sendable func update(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let url = try context.pathParameter("channel_url")
        return try await files.withUpload(
            request, as: UpdateGroupChannelRequest.self, part: "cover_file", context: context, attach: { $0.coverURL = $1.url }
        ) { try await channels.update(url, with: $0) }
    }

    @Sendable func delete(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.delete(try context.pathParameter("channel_url"))
        return EmptyObject()
    }

    @Sendable func freeze(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.freeze(try context.pathParameter("channel_url"), try await request.decodeJSON(FreezeRequest.self).freeze)
    }

    @Sendable func members(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        let details = MemberListDetails(
            readReceipt: try query.bool("show_read_receipt") ?? false,
            deliveryReceipt: try query.bool("show_delivery_receipt") ?? false,
            pushPreference: try query.bool("include_push_preference") ?? false,
            muted: try query.bool("show_member_is_muted") ?? false
        )
        let page = try await channels.members(
            of: try context.pathParameter("channel_url"), try MemberListQuery(query), details: details,
            viewerID: query.string("user_id"), page: try query.pageRequest()
        )
        return MemberList(members: page.items, next: page.next)
    }

    @Sendable func member(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let status = try await channels.membership(
            of: try context.pathParameter("user_id"), in: try context.pathParameter("channel_url")
        )
        return MembershipStatusBody(isMember: status.isMember, state: status.state?.rawValue ?? "none")
    }

    @Sendable func invite(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.invite(to: try context.pathParameter("channel_url"), try await request.decodeJSON(InviteRequest.self))
    }

    @Sendable func accept(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.accept(try context.pathParameter("channel_url"), try await request.decodeJSON(MemberActionRequest.self))
    }

    @Sendable func decline(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.decline(try context.pathParameter("channel_url"), try await request.decodeJSON(MemberActionRequest.self))
        return EmptyObject()
    }

    @Sendable func join(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.join(try context.pathParameter("channel_url"), try await request.decodeJSON(MemberActionRequest.self))
    }

    @Sendable func leave(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.leave(try context.pathParameter("channel_url"), try await request.decodeJSON(LeaveRequest.self))
        return EmptyObject()
    }

    @Sendable func hide(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.hide(try context.pathParameter("channel_url"), try await request.decodeJSON(HideRequest.self))
        return EmptyObject()
    }

    @Sendable func unhide(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        try await channels.unhide(
            try context.pathParameter("channel_url"), userID: query.string("user_id"),
            unhideAll: try query.bool("should_unhide_all") ?? false
        )
        return EmptyObject()
    }

    @Sendable func resetUserHistory(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let offset = try await channels.resetHistory(
            try context.pathParameter("channel_url"), try await request.decodeJSON(ResetHistoryRequest.self)
        )
        return MessageOffset(tsMessageOffset: offset)
    }

    @Sendable func startTyping(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(TypingRequest.self)
        try await channels.setTyping(try context.pathParameter("channel_url"), userIDs: body.userIDs, typing: true)
        return EmptyObject()
    }

    @Sendable func stopTyping(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(TypingRequest.self)
        try await channels.setTyping(try context.pathParameter("channel_url"), userIDs: body.userIDs, typing: false)
        return EmptyObject()
    }
}
