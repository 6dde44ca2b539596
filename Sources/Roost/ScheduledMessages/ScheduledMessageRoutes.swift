import Hummingbird

/// Scheduled messages: created, viewed, changed (`PUT`, or `POST` as Sendbird's OpenAPI
/// document has it) and canceled under a group channel; listed and counted application-wide;
/// sent at once with `send_now`.
struct ScheduledMessageRoutes: Sendable {
    let scheduled: ScheduledMessageService
    let files: FileStorage

    func register(on api: RouterGroup<RoostContext>) {
        let path = "group_channels/:channel_url/scheduled_messages"
        api.post(RouterPath(path), use: create)
        api.get(RouterPath(path + "/:scheduled_message_id"), use: scheduledMessage)
        api.put(RouterPath(path + "/:scheduled_message_id"), use: update)
        api.post(RouterPath(path + "/:scheduled_message_id"), use: update)
        api.delete(RouterPath(path + "/:scheduled_message_id"), use: cancel)
        for type in ChannelType.allCases {
            api.post(RouterPath("\(type.rawValue)/:channel_url/scheduled_messages/:scheduled_message_id/send_now"), use: sendNow)
        }
        api.get("scheduled_messages", use: list)
        api.get("scheduled_messages/count", use: count)
    }

    /// Runs `act` with the body, JSON or a form; a form's file is stored first (as the
    /// message's `url`) and dropped again if `act` fails.
    private func withUploadedFile<Answer>(
        _ request: Request, _ context: RoostContext, _ act: (ScheduleMessageRequest) async throws -> Answer
    ) async throws -> Answer {
        try await files.withUpload(request, as: ScheduleMessageRequest.self, part: "file", context: context, attach: { body, stored in
            var message = body.message
            message.attach(stored)
            body = ScheduleMessageRequest(message: message, scheduledAt: body.scheduledAt)
        }, act: act)
    }

    /// The list's filters: `status[]` (repeated, or comma-separated, or as `status`),
    /// `message_type`, `channel_type`, `channel_url`, `sender_id`, `order`, `reverse`.
    private static func listQuery(_ query: QueryParameters) throws(APIError) -> ScheduledMessageService.ListQuery {
        var list = ScheduledMessageService.ListQuery()
        list.channelURL = query.string("channel_url")
        list.senderID = query.string("sender_id")
        if let type = query.string("channel_type") {
            guard let channelType = ChannelType(rawValue: type) else { throw .invalid("channel_type") }
            list.channelType = channelType
        }
        if let statuses = query.list("status[]") ?? query.list("status") {
            list.statuses = try statuses.map { name throws(APIError) in
                guard let status = ScheduledStatus(rawValue: name) else { throw .invalid("status[]") }
                return status
            }
        }
        if let type = query.string("message_type") {
            guard let messageType = MessageType(rawValue: type == "ADMN" ? "ADMM" : type) else { throw .invalid("message_type") }
            list.messageType = messageType
        }
        list.order = try query.option("order", as: ScheduledMessageOrder.self) ?? .createdAt
        list.reverse = try query.bool("reverse") ?? false
        return list
    }

    @Sendable func create(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let url = try context.pathParameter("channel_url")
        return try await withUploadedFile(request, context) { body in
            try await scheduled.create(in: url, body.message, scheduledAt: body.scheduledAt)
        }
    }

    @Sendable func update(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let (id, url) = (try context.int64PathParameter("scheduled_message_id"), try context.pathParameter("channel_url"))
        return try await withUploadedFile(request, context) { body in
            try await scheduled.update(id, in: url, body.message, scheduledAt: body.scheduledAt)
        }
    }

    @Sendable func scheduledMessage(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await scheduled.scheduledMessage(try context.int64PathParameter("scheduled_message_id"), in: try context.pathParameter("channel_url"))
    }

    @Sendable func cancel(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await scheduled.cancel(try context.int64PathParameter("scheduled_message_id"), in: try context.pathParameter("channel_url"))
        return EmptyObject()
    }

    @Sendable func sendNow(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        try await scheduled.sendNow(try context.int64PathParameter("scheduled_message_id"), in: type, url)
        return EmptyObject()
    }

    @Sendable func list(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        return ScheduledMessageList(
            page: try await scheduled.list(try Self.listQuery(query), page: try query.pageRequest(defaultLimit: 10, maxLimit: 100))
        )
    }

    @Sendable func count(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        ScheduledMessageCount(count: try await scheduled.count(try Self.listQuery(request.query)))
    }
}

extension ScheduleMessageRequest {
    init(message: SendMessageRequest, scheduledAt: Int64?) {
        self.message = message
        self.scheduledAt = scheduledAt
    }
}
