import GRDB

/// Where a search looks and how its results are ordered.
struct SearchScope: Sendable {
    enum Order: String { case score, ts }

    var channelCustomType: String?
    var from: Int64?
    var to: Int64?
    var order = Order.score
    var reverse = false
}

/// Full-text search over message texts with SQLite FTS5.
struct SearchRepository: Sendable {
    /// Indexed words of message texts matching a GLOB pattern (`*` and `?`), such as `ab?de`.
    func terms(matching pattern: String, in db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT term FROM message_search_terms WHERE col = 'message' AND term GLOB ? LIMIT 500"), arguments: [pattern]
        )
    }

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

    /// Indexed words of message texts within `distance` edits of `word`.
    func terms(near word: String, distance: Int, in db: Database) throws -> [String] {
        guard distance > 0 else { return [word] }
        let length = word.count
        let candidates = try String.fetchAll(
            db.cachedStatement(sql: "SELECT term FROM message_search_terms WHERE col = 'message' AND length(term) BETWEEN ? AND ?"),
            arguments: [length - distance, length + distance]
        )
        return candidates.filter { editDistance($0, word) <= distance }
    }

    /// `match` is an FTS5 expression over the message text; `channels` narrows it to those
    /// channels' messages inside the index.
    func search(
        _ match: String, in channels: [Int64], scope: SearchScope, limit: Int, offset: Int, in db: Database
    ) throws -> (messages: [MessageRecord], total: Int) {
        guard !channels.isEmpty else { return ([], 0) }
        let channelTokens = channels.map { "c\($0)" }.joined(separator: " OR ")
        var conditions = Conditions()
        conditions.add("message_search MATCH ?", ["(\(match)) AND channel : (\(channelTokens))"])
        conditions.add("m.is_removed = 0")
        if let from = scope.from { conditions.add("m.created_at >= ?", [from]) }
        if let to = scope.to { conditions.add("m.created_at <= ?", [to]) }
        let from = "message_search JOIN messages m ON m.id = message_search.rowid JOIN channels c ON c.id = m.channel_id"
        let orderBy: String
        switch scope.order {
        case .score: orderBy = scope.reverse ? "rank DESC, m.id" : "rank, m.id DESC"
        case .ts: orderBy = scope.reverse ? "m.created_at, m.id" : "m.created_at DESC, m.id DESC"
        }
        // One pass over the matches gives both the page and the total: FTS5 evaluates a word-start
        // query by merging every matching word's whole index entry, so running it a second
        // time for COUNT(*) doubled the cost of a search.
        let matches = try Int64.fetchCursor(
            db, sql: "SELECT m.id FROM \(from) \(conditions.whereClause) ORDER BY \(orderBy)", arguments: conditions.arguments
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
