/// Message search: turns the query into a match over the index's terms (expanding wildcard
/// and fuzzy terms against the indexed words) and reads one page of results.
struct SearchService: Sendable {
    let database: AppDatabase
    private let users = UserRepository()
    private let channels = ChannelRepository()
    private let search = SearchRepository()
    private let assembler: MessageAssembler

    static let limits = 1...99
    static let defaultLimit = 20
    /// How deep into the results a page may start.
    static let maxOffset = 1_000_000

    init(database: AppDatabase, userSummaries: UserSummaryCache) {
        self.database = database
        assembler = MessageAssembler(users: UserRepository(cache: userSummaries))
    }

    struct Request: Sendable {
        var query: String
        var exactMatch = false
        var advancedQuery = false
        var channelURL: String?
        var userID: String?
        var scope = SearchScope()
        var limit = SearchService.defaultLimit
        var offset = 0
    }

    struct Results: Sendable {
        let messages: [Message]
        let total: Int
        let next: String
    }

    func search(_ request: Request) async throws -> Results {
        guard !request.query.trimmingCharacters(in: .whitespaces).isEmpty else { throw APIError.missing("query") }
        if request.exactMatch && request.advancedQuery {
            throw APIError.invalid("exact_match", "exact_match cannot be used with advanced_query.")
        }
        guard (request.channelURL == nil) != (request.userID == nil) else {
            throw APIError.invalid("channel_url", "Give either channel_url or user_id.")
        }
        let expression = request.advancedQuery ? try AdvancedQueryParser.parse(request.query) : nil
        // The index follows the writes: a search finds every message sent before it arrived.
        await database.searchIndexCaughtUp()
        return try await database.read { db in
            var scopeChannels: [Int64] = []
            if let url = request.channelURL {
                scopeChannels = [try channels.existing(.group, url: url, in: db).rowID]
            } else if let userID = request.userID {
                let userRowID = try users.existingRowID(of: userID, in: db)
                scopeChannels = try search.joinedChannels(of: userRowID, customType: request.scope.channelCustomType, in: db)
            }
            let words = SearchWords.words(in: request.query)
            // Index terms name their channel, so a search over several channels asks each its own question.
            let perChannel = try scopeChannels.compactMap { channel in
                try expression.map { try matchExpression($0, in: channel, in: db) }
                    ?? Self.simpleMatch(words, exact: request.exactMatch, in: channel)
            }
            guard !perChannel.isEmpty else { return Results(messages: [], total: 0, next: "") }
            let match = perChannel.count == 1 ? perChannel[0] : .any(perChannel)
            let found = try search.search(match, scope: request.scope, limit: request.limit + 1, offset: request.offset, in: db)
            let page = Array(found.messages.prefix(request.limit))
            let next = found.messages.count > request.limit ? PageCursor([String(request.offset + request.limit)]).token : ""
            let channelIDs = Array(Set(page.map(\.channelID)))
            var channelsByID: [Int64: ChannelRecord] = [:]
            for id in channelIDs { channelsByID[id] = try channels.find(rowID: id, in: db) }
            let messages = try assembler.messages(page, channels: channelsByID, options: MessageViewOptions(), in: db)
            return Results(messages: messages, total: found.total, next: next)
        }
    }

    /// Plain queries: every word must appear, as a word start; exact ones: the words as one phrase.
    /// Nil when no searchable word is left.
    static func simpleMatch(_ words: [String], exact: Bool, in channel: Int64) -> SearchMatch? {
        guard !words.isEmpty else { return nil }
        let terms = words.map { SearchWords.term($0, in: channel) }
        return exact ? .phrase(terms) : .all(terms.map { .term($0, prefix: true) })
    }

    /// The match of an advanced query in one channel, or nil when it can match nothing there.
    private func matchExpression(_ expression: SearchExpression, in channel: Int64, in db: Database) throws -> SearchMatch? {
        switch expression {
        case .term(let word, let fuzzy):
            let words: [String]
            if expression.hasWildcard {
                words = try search.words(matching: word, in: channel, in: db)
            } else if fuzzy {
                let distance = word.count <= 2 ? 0 : word.count <= 5 ? 1 : 2
                words = try search.words(near: word, distance: distance, in: channel, in: db)
            } else {
                words = [word]
            }
            guard !words.isEmpty else { return nil }
            return .any(words.map { .term(SearchWords.term($0, in: channel), prefix: false) })
        case .and(let left, let right):
            guard let left = try matchExpression(left, in: channel, in: db),
                  let right = try matchExpression(right, in: channel, in: db) else { return nil }
            return .all([left, right])
        case .or(let left, let right):
            switch (try matchExpression(left, in: channel, in: db), try matchExpression(right, in: channel, in: db)) {
            case (let left?, let right?): return .any([left, right])
            case (let one?, nil), (nil, let one?): return one
            case (nil, nil): return nil
            }
        }
    }
}
