import Hummingbird

/// `/v3/open_channels`: open channels, their participants and operators.
struct OpenChannelRoutes: Sendable {
    let channels: OpenChannelService
    let files: FileStorage

    func register(on group: RouterGroup<RoostContext>) {
        group.post(use: create)
        group.get(use: list)
        group.get(":channel_url", use: channel)
        group.put(":channel_url", use: update)
        group.delete(":channel_url", use: delete)
        group.put(":channel_url/freeze", use: freeze)
        group.get(":channel_url/participants", use: participants)
        ChannelOperatorRoutes(operators: ChannelOperatorService(type: .open, database: channels.database, clock: channels.clock, events: channels.events)).register(on: group)
    }

    @Sendable func create(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await files.withUpload(
            request, as: CreateOpenChannelRequest.self, part: "cover_file", context: context, attach: { $0.coverURL = $1.url }
        ) { try await channels.create($0) }
    }

    @Sendable func list(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        var filter = ChannelFilter()
        filter.showEmpty = true
        filter.customTypes = query.list("custom_types", orSingle: "custom_type")
        filter.nameContains = query.string("name_contains")
        filter.urlContains = query.string("url_contains")
        filter.channelURLs = query.list("channel_urls")
        filter.showFrozen = try query.bool("show_frozen") ?? true
        let page = try await channels.list(
            ChannelQuery(type: .open, filter: filter, after: try query.pageRequest().after),
            page: try query.pageRequest(), showMetadata: try query.bool("show_metadata") ?? false
        )
        return OpenChannelList(channels: page.items, next: page.next)
    }

    @Sendable func channel(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.channel(try context.pathParameter("channel_url"))
    }

    @Sendable func update(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let url = try context.pathParameter("channel_url")
        return try await files.withUpload(
            request, as: UpdateOpenChannelRequest.self, part: "cover_file", context: context, attach: { $0.coverURL = $1.url }
        ) { try await channels.update(url, with: $0) }
    }

    @Sendable func delete(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.delete(try context.pathParameter("channel_url"))
        return EmptyObject()
    }

    @Sendable func freeze(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await channels.freeze(try context.pathParameter("channel_url"), try await request.decodeJSON(FreezeRequest.self).freeze)
    }

    @Sendable func participants(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let page = try await channels.participants(of: try context.pathParameter("channel_url"), page: try request.query.pageRequest())
        return ParticipantList(participants: page.items, next: page.next)
    }
}
