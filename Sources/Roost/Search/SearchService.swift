import GRDB

/// Message search: turns the query into an FTS5 match expression (expanding wildcard and
/// fuzzy terms against the indexed words) and reads one page of results.
struct SearchService: Sendable {
    let database: AppDatabase
    private let users = UserRepository()
    private let channels = ChannelRepository()
    private let search = SearchRepository()
    private let assembler = MessageAssembler()

    static let limits = 1...99
    static let defaultLimit = 20
    /// How deep into the results a page may start.
    static let maxOffset = 1_000_000

    init(database: AppDatabase) {
        self.database = database
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
        return try await database.read { db in
            var scopeChannels: [Int64] = []
            if let url = request.channelURL {
                scopeChannels = [try channels.existing(.group, url: url, in: db).rowID]
            } else if let userID = request.userID {
                let userRowID = try users.existingRowID(of: userID, in: db)
                scopeChannels = try search.joinedChannels(of: userRowID, customType: request.scope.channelCustomType, in: db)
            }
            let match = try expression.map { try matchExpression($0, in: db) } ?? Self.simpleMatch(request.query, exact: request.exactMatch)
            guard let match else { return Results(messages: [], total: 0, next: "") }
            let found = try search.search(
                match, in: scopeChannels, scope: request.scope, limit: request.limit + 1, offset: request.offset, in: db
            )
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
    static func simpleMatch(_ query: String, exact: Bool) -> String? {
        let words = query.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.lowercased() }
        guard !words.isEmpty else { return nil }
        return exact
            ? "message : \"\(words.joined(separator: " "))\""
            : words.map { "message : \"\($0)\"*" }.joined(separator: " AND ")
    }

    /// The FTS5 expression of an advanced query, or nil when it can match nothing.
    private func matchExpression(_ expression: SearchExpression, in db: Database) throws -> String? {
        switch expression {
        case .term(let word, let fuzzy):
            let terms: [String]
            if expression.hasWildcard {
                terms = try search.terms(matching: word, in: db)
            } else if fuzzy {
                let distance = word.count <= 2 ? 0 : word.count <= 5 ? 1 : 2
                terms = try search.terms(near: word, distance: distance, in: db)
            } else {
                terms = [word]
            }
            guard !terms.isEmpty else { return nil }
            return "(" + terms.map { "message : \"\($0)\"" }.joined(separator: " OR ") + ")"
        case .and(let left, let right):
            guard let left = try matchExpression(left, in: db), let right = try matchExpression(right, in: db) else { return nil }
            return "(\(left) AND \(right))"
        case .or(let left, let right):
            switch (try matchExpression(left, in: db), try matchExpression(right, in: db)) {
            case (let left?, let right?): return "(\(left) OR \(right))"
            case (let one?, nil), (nil, let one?): return one
            case (nil, nil): return nil
            }
        }
    }
}
