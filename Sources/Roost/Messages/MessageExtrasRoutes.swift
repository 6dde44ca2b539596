import Hummingbird

struct ReactionRequest: Decodable {
    var userID: String
    var reaction: String

    enum CodingKeys: String, CodingKey { case userID = "user_id", reaction }
}

struct MetaArrayRequest: Decodable {
    var sortedMetaarray: MetaArrayValue
    var mode: MessageExtrasService.MetaArrayMode?
    var upsert: Bool?

    enum CodingKeys: String, CodingKey { case sortedMetaarray = "sorted_metaarray", metaarray, mode, upsert }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // `metaarray` is the deprecated name Sendbird's page still lists.
        guard let items = try container.decodeIfPresent(MetaArrayValue.self, forKey: .sortedMetaarray)
            ?? container.decodeIfPresent(MetaArrayValue.self, forKey: .metaarray)
        else { throw APIError.missing("sorted_metaarray") }
        sortedMetaarray = items
        mode = try container.decodeIfPresent(MessageExtrasService.MetaArrayMode.self, forKey: .mode)
        upsert = try container.decodeIfPresent(Bool.self, forKey: .upsert)
    }
}

struct TranslationRequest: Decodable {
    var targetLangs: [String]?

    enum CodingKeys: String, CodingKey { case targetLangs = "target_langs" }
}

/// `/messages/{message_id}/reactions`, `/sorted_metaarray` and `/translation`.
struct MessageExtrasRoutes: Sendable {
    let extras: MessageExtrasService

    func register(on group: RouterGroup<RoostContext>) {
        for type in ChannelType.allCases { register(on: group, type) }
    }

    private func register(on group: RouterGroup<RoostContext>, _ type: ChannelType) {
        let path = "\(type.rawValue)/:channel_url/messages/:message_id"
        group.post(RouterPath(path + "/reactions"), use: addReaction)
        group.delete(RouterPath(path + "/reactions"), use: removeReaction)
        group.get(RouterPath(path + "/reactions"), use: reactions)

        group.post(RouterPath(path + "/sorted_metaarray"), use: addMetaarray)
        group.put(RouterPath(path + "/sorted_metaarray"), use: updateMetaarray)
        group.delete(RouterPath(path + "/sorted_metaarray"), use: deleteMetaarray)

        group.post(RouterPath(path + "/translation"), use: translate)
    }

    @Sendable func translate(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let body = try await request.decodeJSON(TranslationRequest.self)
        return try await extras.translate(try context.messageID(), of: type, url, into: body.targetLangs ?? [])
    }

    @Sendable func addReaction(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let body = try await request.decodeJSON(ReactionRequest.self)
        return ReactionChangeBody(
            change: try await extras.react(body.reaction, by: body.userID, to: try context.messageID(), of: type, url, adding: true)
        )
    }

    @Sendable func removeReaction(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let query = request.query
        guard let userID = query.string("user_id") else { throw APIError.missing("user_id") }
        guard let reaction = query.string("reaction") else { throw APIError.missing("reaction") }
        return ReactionChangeBody(
            change: try await extras.react(reaction, by: userID, to: try context.messageID(), of: type, url, adding: false)
        )
    }

    @Sendable func reactions(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let listUsers = try request.query.bool("list_users") ?? false
        let found = try await extras.reactions(of: try context.messageID(), of: type, url)
        return listUsers
            ? try jsonResponse(Dictionary(uniqueKeysWithValues: found.map { ($0.key, $0.userIDs) }))
            : try jsonResponse(Dictionary(uniqueKeysWithValues: found.map { ($0.key, $0.userIDs.count) }))
    }

    @Sendable func addMetaarray(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let body = try await request.decodeJSON(MetaArrayRequest.self)
        return MetaArrayBody(
            sortedMetaarray: try await extras.addMetaArray(body.sortedMetaarray.items, to: try context.messageID(), of: type, url)
        )
    }

    @Sendable func updateMetaarray(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let body = try await request.decodeJSON(MetaArrayRequest.self)
        return MetaArrayBody(
            sortedMetaarray: try await extras.updateMetaArray(
                body.sortedMetaarray.items, mode: body.mode ?? .add, upsert: body.upsert ?? false,
                of: try context.messageID(), type, url
            )
        )
    }

    @Sendable func deleteMetaarray(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        guard let keys = request.query.list("keys") else { throw APIError.missing("keys") }
        try await extras.removeMetaArrayKeys(keys, of: try context.messageID(), type, url)
        return EmptyObject()
    }
}

struct ReactionChangeBody: Encodable, ResponseEncodable {
    let reaction: String
    let userID: String
    let success: Bool
    let msgID: Int64
    let updatedAt: Int64?
    let operation: String

    enum CodingKeys: String, CodingKey {
        case reaction, userID = "user_id", success, msgID = "msg_id", updatedAt = "updated_at", operation
    }

    init(change: MessageExtrasService.ReactionChange) {
        reaction = change.reaction
        userID = change.userID
        success = change.updatedAt != nil
        msgID = change.messageID
        updatedAt = change.updatedAt
        operation = change.added ? "ADD" : "DELETE"
    }
}

struct MetaArrayBody: ResponseEncodable {
    let sortedMetaarray: [MetaArrayItem]

    enum CodingKeys: String, CodingKey { case sortedMetaarray = "sorted_metaarray" }
}

extension APIError {
    /// Roost ships no translation engine; it says so rather than pretending to translate.
    static let noTranslationEngine = APIError(
        code: 400111,
        message: "Invalid value: \"target_langs\". No translation engine is configured on this server, so messages cannot be translated."
    )
}
