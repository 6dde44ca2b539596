import Hummingbird

/// `/v3/bots`: create, list, view, update and delete bots, join and leave channels, send.
struct BotRoutes: Sendable {
    let bots: BotService
    let files: FileStorage

    func register(on group: RouterGroup<RoostContext>) {
        group.post { request, _ in
            BotBody(bot: try await bots.create(try await request.decodeJSON(BotRequest.self)))
        }
        group.get { request, _ in
            let page = try await bots.bots(page: try request.query.pageRequest())
            return BotList(bots: page.items, next: page.next)
        }
        group.get(":bot_userid") { _, context in
            BotBody(bot: try await bots.bot(try context.pathParameter("bot_userid")))
        }
        group.put(":bot_userid") { request, context in
            BotBody(bot: try await bots.update(try context.pathParameter("bot_userid"), with: try await request.decodeJSON(BotRequest.self)))
        }
        group.delete(":bot_userid") { _, context in
            try await bots.delete(try context.pathParameter("bot_userid"))
            return EmptyObject()
        }
        group.post(":bot_userid/channels") { request, context in
            let body = try await request.decodeJSON(JoinChannelsRequest.self)
            return JoinedChannels(channels: try await bots.join(try context.pathParameter("bot_userid"), channelURLs: body.channelURLs ?? []))
        }
        group.delete(":bot_userid/channels") { request, context in
            try await bots.leave(try context.pathParameter("bot_userid"), channelURLs: request.query.list("channel_url"))
            return EmptyObject()
        }
        group.delete(":bot_userid/channels/:channel_url") { _, context in
            try await bots.leave(try context.pathParameter("bot_userid"), channelURLs: [try context.pathParameter("channel_url")])
            return EmptyObject()
        }
        group.post(":bot_userid/send") { request, context in
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
}
