import Hummingbird

/// `GET /v3/search/messages`.
struct SearchRoutes: Sendable {
    let search: SearchService

    func register(on group: RouterGroup<RoostContext>) {
        group.get("messages", use: messages)
    }

    @Sendable func messages(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        guard let text = query.string("query") else { throw APIError.missing("query") }
        var search = SearchService.Request(query: text)
        search.exactMatch = try query.bool("exact_match") ?? false
        search.advancedQuery = try query.bool("advanced_query") ?? false
        if try query.bool("synonym") == true { throw APIError.synonymsUnsupported }
        search.channelURL = query.string("channel_url")
        search.userID = query.string("user_id")
        search.scope.channelCustomType = query.string("custom_type")
        search.scope.from = try query.int64("message_ts_from")
        search.scope.to = try query.int64("message_ts_to")
        search.scope.senderIDs = query.list("target_user_ids")
        search.scope.order = try query.option("sort_field", as: SearchScope.Order.self) ?? .score
        search.scope.reverse = try query.bool("reverse") ?? false
        let limit = try query.int("limit") ?? SearchService.defaultLimit
        guard SearchService.limits.contains(limit) else { throw APIError.outOfRange("limit", SearchService.limits) }
        search.limit = limit
        if let token = query.string("token") ?? query.string("after"), !token.isEmpty {
            let offset = try PageCursor(token: token).integer(at: 0)
            guard (0...Int64(SearchService.maxOffset)).contains(offset) else { throw APIError.invalid("token") }
            search.offset = Int(offset)
        }
        let results = try await self.search.search(search)
        return SearchResults(
            totalCount: results.total, results: results.messages, hasNext: !results.next.isEmpty,
            next: results.next
        )
    }
}

/// A page of matches; the cursor under both `next` and `end_cursor`.
struct SearchResults: Encodable, ResponseEncodable {
    let totalCount: Int
    let results: [Message]
    let hasNext: Bool
    let next: String
    let endCursor: String

    enum CodingKeys: String, CodingKey { case totalCount = "total_count", results, hasNext = "has_next", next, endCursor = "end_cursor" }

    init(totalCount: Int, results: [Message], hasNext: Bool, next: String) {
        self.totalCount = totalCount
        self.results = results
        self.hasNext = hasNext
        self.next = next
        endCursor = next
    }
}

extension APIError {
    /// Sendbird expands a search with the synonyms of an application's dictionary; Roost has no
    /// dictionary, and a search that quietly ignored the flag would find less than asked.
    static let synonymsUnsupported = APIError.invalid(
        "synonym", "Roost has no synonym dictionary, so it cannot search for synonyms; leave synonym out or false."
    )
}
