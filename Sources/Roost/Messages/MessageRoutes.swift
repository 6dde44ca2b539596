import Hummingbird

/// `/v3/{channel_type}/{channel_url}/messages`: sending, history, single messages, edits.
struct MessageRoutes: Sendable {
    let messages: MessageService
    let files: FileStorage

    func register(on group: RouterGroup<RoostContext>) {
        for type in ChannelType.allCases { register(on: group, type) }
    }

    private func register(on group: RouterGroup<RoostContext>, _ type: ChannelType) {
        let path = "\(type.rawValue)/:channel_url/messages"
        group.post(RouterPath(path), use: send)
        group.get(RouterPath(path), use: history)
        group.get(RouterPath(path + "/total_count"), use: totalCount)
        group.get(RouterPath(path + "/:message_id"), use: message)
        group.put(RouterPath(path + "/:message_id"), use: update)
        group.delete(RouterPath(path + "/:message_id"), use: delete)
    }

    @Sendable func send(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        // A file message may come with its file.
        return try await files.withUpload(
            request, as: SendMessageRequest.self, part: "file", context: context, attach: { $0.attach($1) }
        ) { try await messages.send(to: type, url, $0) }
    }

    @Sendable func history(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        return MessageList(messages: try await messages.history(of: type, url, try HistoryRequest(request.query)))
    }

    @Sendable func totalCount(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        return MessageTotal(total: try await messages.totalCount(of: type, url))
    }

    @Sendable func message(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        return try await messages.message(try context.messageID(), of: type, url, options: try MessageViewOptions(request.query))
    }

    @Sendable func update(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        return try await messages.update(
            try context.messageID(), of: type, url, with: try await request.decodeJSON(UpdateMessageRequest.self)
        )
    }

    @Sendable func delete(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let deleteFiles = try request.query.bool("delete_files") ?? false
        let file = try await messages.delete(try context.messageID(), of: type, url, by: request.query.string("user_id"))
        // After the commit: a deletion that failed keeps its file.
        if deleteFiles, let file { files.removeUpload(url: file.url) }
        return EmptyObject()
    }
}

typealias HistoryRequest = MessageService.HistoryRequest

extension MessageService.HistoryRequest {
    init(_ query: QueryParameters) throws(APIError) {
        // SDK 2.x sends both, the one not meant as 0: a message id of 0 names no message.
        if let id = try query.int64("message_id"), id > 0 {
            anchor = .message(id)
        } else if let ts = try query.int64("message_ts") {
            anchor = .timestamp(ts)
        } else {
            throw .missing("message_ts")
        }
        inclusive = try query.bool("include") ?? true
        prevLimit = try Self.limit("prev_limit", in: query)
        nextLimit = try Self.limit("next_limit", in: query)
        reverse = try query.bool("reverse") ?? false
        senderIDs = query.list("sender_ids", orSingle: "sender_id")
        readerID = query.string("user_id")
        filter.operatorFilter = try query.option("operator_filter", as: MessageFilter.OperatorFilter.self) ?? .all
        filter.messageType = try query.option("message_type", as: MessageType.self)
        // An empty value asks for the messages with no custom type (the official SDK's text).
        filter.customTypes = query.string("custom_types") == "" ? [""] : query.list("custom_types", orSingle: "custom_type")
        filter.includingRemoved = try query.bool("including_removed") ?? false
        // `include_replies` is the older name Sendbird's threading pages still list.
        let withReplies = try query.bool("with_replies")
        let includeReplies = try query.bool("include_replies")
        filter.replyType = try query.option("include_reply_type", as: MessageFilter.ReplyType.self)
            ?? ((withReplies ?? includeReplies) == true ? .all : .none)
        // A thread's page: the parent and its replies (Sendbird's "list threaded replies").
        filter.thread = try query.int64("parent_message_id").flatMap { $0 > 0 ? $0 : nil }
        // Roost has no subchannels: an open channel is one room, so either value lists the same
        // messages. A wrong type is still refused.
        _ = try query.bool("show_subchannel_messages_only")
        options = try MessageViewOptions(query)
    }

    private static func limit(_ name: String, in query: QueryParameters) throws(APIError) -> Int {
        let limit = try query.int(name) ?? MessageRules.defaultHistoryLimit
        guard MessageRules.historyLimit.contains(limit) else {
            throw .outOfRange(name, MessageRules.historyLimit)
        }
        return limit
    }
}

extension MessageViewOptions {
    init(_ query: QueryParameters) throws(APIError) {
        includeReactions = try query.bool("include_reactions") ?? false
        includeThreadInfo = try query.bool("include_thread_info") ?? false
        includeParentMessageInfo = try query.bool("include_parent_message_info") ?? false
        let legacyMetaarray = try query.bool("with_metaarray")
        let otherLegacyMetaarray = try query.bool("with_meta_array")
        withSortedMetaarray = try query.bool("with_sorted_meta_array") ?? legacyMetaarray ?? otherLegacyMetaarray ?? false
        includePollDetails = try query.bool("include_poll_details") ?? false
    }
}

extension RoostContext {
    func messageID() throws(APIError) -> Int64 {
        try int64PathParameter("message_id")
    }
}

/// A history page, its messages written once (`MessageService.history`).
struct MessageList: ResponseEncodable, JSONObject {
    let messages: WrittenJSONArray

    func write(to fields: inout JSONFields) throws {
        try fields.write("messages", messages)
    }
}

struct MessageTotal: ResponseEncodable {
    let total: Int
}
