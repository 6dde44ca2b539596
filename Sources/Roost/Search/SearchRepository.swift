/// Where a search looks and how its results are ordered.
struct SearchScope: Sendable {
    enum Order: String { case score, ts }

    var channelCustomType: String?
    var from: Int64?
    var to: Int64?
    /// `target_user_ids`: only messages these users sent.
    var senderIDs: [String]?
    var order = Order.score
    var reverse = false
}

/// Full-text search over message texts: SQLite's FTS5, or PostgreSQL's text search
/// (`SearchMatch`). The index's terms carry their channel (`SearchWords`), so every look-up
/// here is one channel's.
struct SearchRepository: Sendable {
    /// How many indexed words one wildcard or fuzzy word may stand for in a channel.
    static let maxExpansions = 500

    /// The channel's indexed words matching a GLOB pattern (`*` and `?`), such as `ab?de`.
    func words(matching pattern: String, in channel: Int64, in db: Database) throws -> [String] {
        let fixedStart = String(pattern.prefix { $0 != "*" && $0 != "?" })
        return try words(
            startingWith: fixedStart, in: channel, where: db.dialect.matchesWildcards("term"),
            [db.dialect.wildcardArgument(SearchWords.term(pattern, in: channel))], in: db
        )
    }

    /// The channel's indexed words within `distance` edits of `word`.
    func words(near word: String, distance: Int, in channel: Int64, in db: Database) throws -> [String] {
        guard distance > 0 else { return [word] }
        let prefixLength = SearchWords.term("", in: channel).count
        let length = word.count
        let candidates = try words(
            startingWith: "", in: channel, where: "length(term) BETWEEN ? AND ?",
            [prefixLength + length - distance, prefixLength + length + distance], limit: nil, in: db
        )
        return candidates.filter { editDistance($0, word) <= distance }
    }

    /// Indexed words of the channel that start with `start` and meet `condition`, without their
    /// channel part. The vocabulary table reads the range of terms it is given, not all of them
    /// (on PostgreSQL, a table of the terms, kept by `SearchIndex`).
    private func words(
        startingWith start: String, in channel: Int64, where condition: String, _ arguments: StatementArguments,
        limit: Int? = maxExpansions, in db: Database
    ) throws -> [String] {
        let channelPart = SearchWords.term("", in: channel)
        let lowest = SearchWords.term(start, in: channel)
        let sql = "SELECT term FROM message_search_terms WHERE term >= ? AND term < ? AND \(condition)" + (limit.map { " LIMIT \($0)" } ?? "")
        let terms = try String.fetchAll(
            db.cachedStatement(sql: sql), arguments: [lowest, lowest + Self.afterEveryCharacter] + arguments
        )
        return terms.map { String($0.dropFirst(channelPart.count)) }
    }

    /// Sorts after any character a term can hold, so `[start, start + this)` holds every term
    /// beginning with `start`.
    private static let afterEveryCharacter = "\u{10FFFF}"

    /// The group channels a user has joined (of one custom type, if given): where a search
    /// scoped to the user looks.
    func joinedChannels(of userRowID: Int64, customType: String?, in db: Database) throws -> [Int64] {
        var sql = "SELECT m.channel_id FROM members m JOIN channels c ON c.id = m.channel_id WHERE m.user_id = ? AND m.state = 'joined'"
        var arguments: StatementArguments = [userRowID]
        if let customType {
            sql += " AND c.custom_type = ?"
            arguments += [customType]
        }
        return try Int64.fetchAll(db, sql: sql, arguments: arguments)
    }

    /// `match` is over channel terms; the index holds no removed message.
    func search(
        _ match: SearchMatch, scope: SearchScope, limit: Int, offset: Int, in db: Database
    ) throws -> (messages: [MessageRecord], total: Int) {
        let dialect = db.dialect
        let matchText = match.text(for: dialect)
        var conditions = Conditions()
        conditions.add(dialect.searchMatches, [matchText])
        if let from = scope.from { conditions.add("m.created_at >= ?", [from]) }
        if let to = scope.to { conditions.add("m.created_at <= ?", [to]) }
        if let senders = scope.senderIDs {
            let list = SQL.ValueList(senders)
            conditions.add("m.sender_id IN (SELECT id FROM users WHERE user_id IN (\(list.placeholders)))", list.values)
        }
        let orderBy: String
        var orderArguments = StatementArguments()
        switch scope.order {
        case .score:
            let (score, arguments) = dialect.searchScore(matchText, bestFirst: !scope.reverse)
            orderBy = score + (scope.reverse ? ", message_search.rowid" : ", message_search.rowid DESC")
            orderArguments = arguments
        case .ts: orderBy = scope.reverse ? "m.created_at, m.id" : "m.created_at DESC, m.id DESC"
        }
        // The messages table is read only for what the index does not hold: times.
        let needsMessages = scope.from != nil || scope.to != nil || scope.senderIDs != nil || scope.order == .ts
        let from = needsMessages ? "message_search JOIN messages m ON m.id = message_search.rowid" : "message_search"
        // One pass over the matches gives both the page and the total.
        let matches = try Int64.fetchCursor(
            db, sql: "SELECT message_search.rowid FROM \(from) \(conditions.whereClause) ORDER BY \(orderBy)",
            arguments: conditions.arguments + orderArguments
        )
        var total = 0
        var pageIDs: [Int64] = []
        while let id = try matches.next() {
            if total >= offset && pageIDs.count < limit { pageIDs.append(id) }
            total += 1
        }
        let records = try MessageRepository().find(ids: pageIDs, in: db)
        return (pageIDs.compactMap { records[$0] }, total)
    }
}
