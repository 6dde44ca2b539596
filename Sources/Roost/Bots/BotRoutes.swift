import Hummingbird

/// `/v3/bots`: create, list, view, update and delete bots, join and leave channels, send.
struct BotRoutes: Sendable {
    let bots: BotService
    let files: FileStorage

    func register(on group: RouterGroup<RoostContext>) {
        group.post(use: create)
        group.get(use: list)
        group.get(":bot_userid", use: bot)
        group.put(":bot_userid", use: update)
        group.delete(":bot_userid", use: delete)
        group.post(":bot_userid/channels", use: join)
        group.delete(":bot_userid/channels", use: leaveAll)
        group.delete(":bot_userid/channels/:channel_url", use: leave)
        group.post(":bot_userid/send", use: send)
    }

    @Sendable func create(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        BotBody(bot: try await bots.create(try await request.decodeJSON(BotRequest.self)))
    }

    @Sendable func list(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let page = try await bots.bots(page: try request.query.pageRequest())
        return BotList(bots: page.items, next: page.next)
    }

    @Sendable func bot(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        BotBody(bot: try await bots.bot(try context.pathParameter("bot_userid")))
    }

    @Sendable func update(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        BotBody(bot: try await bots.update(try context.pathParameter("bot_userid"), with: try await request.decodeJSON(BotRequest.self)))
    }

    @Sendable func delete(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await bots.delete(try context.pathParameter("bot_userid"))
        return EmptyObject()
    }

    @Sendable func join(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(JoinChannelsRequest.self)
        return JoinedChannels(channels: try await bots.join(try context.pathParameter("bot_userid"), channelURLs: body.channelURLs ?? []))
    }

    @Sendable func leaveAll(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await bots.leave(try context.pathParameter("bot_userid"), channelURLs: request.query.list("channel_url"))
        return EmptyObject()
    }

    @Sendable func leave(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await bots.leave(try context.pathParameter("bot_userid"), channelURLs: [try context.pathParameter("channel_url")])
        return EmptyObject()
    }

    @Sendable func send(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let botUserID = try context.pathParameter("bot_userid")
        guard let boundary = request.multipartBoundary else {
            return try jsonResponse(try await bots.send(botUserID, try await request.decodeJSON(BotMessageRequest.self)))
        }
        // A form, perhaps with the file of a file message: stored first, dropped again if the send fails.
        var (body, part) = try await request.decodeMultipart(BotMessageRequest.self, boundary: boundary)
        guard let part else { return try jsonResponse(WrappedMessage(message: try await bots.send(botUserID, body))) }
        let stored = try await files.store(part, context: context)
        body.messageType = .file
        body.url = stored.url
        body.fileName = body.fileName ?? stored.name
        body.fileType = body.fileType ?? stored.type
        body.fileSize = body.fileSize ?? stored.size
        do {
            return try jsonResponse(WrappedMessage(message: try await bots.send(botUserID, body)))
        } catch {
            files.remove(stored)
            throw error
        }
    }
}
