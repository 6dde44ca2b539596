import GRDB

/// Where a search looks and how its results are ordered.
struct SearchScope: Sendable {
    enum Order: String { case score, ts }

    var channelID: Int64?
    var memberRowID: Int64?
    var channelCustomType: String?
    var from: Int64?
    var to: Int64?
    var order = Order.score
    var reverse = false
}

/// Full-text search over message texts with SQLite FTS5.
struct SearchRepository: Sendable {
    /// Indexed words matching a GLOB pattern (`*` and `?`), such as `ab?de`.
    func terms(matching pattern: String, in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT term FROM message_search_terms WHERE term GLOB ? LIMIT 500", arguments: [pattern])
    }

    /// Indexed words within `distance` edits of `word`.
    func terms(near word: String, distance: Int, in db: Database) throws -> [String] {
        guard distance > 0 else { return [word] }
        let length = word.count
        let candidates = try String.fetchAll(
            db, sql: "SELECT term FROM message_search_terms WHERE length(term) BETWEEN ? AND ?",
            arguments: [length - distance, length + distance]
        )
        return candidates.filter { editDistance($0, word) <= distance }
    }

    func search(
        _ match: String, scope: SearchScope, limit: Int, offset: Int, in db: Database
    ) throws -> (messages: [MessageRecord], total: Int) {
        var conditions = Conditions()
        conditions.add("message_search MATCH ?", [match])
        conditions.add("m.is_removed = 0")
        if let channelID = scope.channelID { conditions.add("m.channel_id = ?", [channelID]) }
        if let member = scope.memberRowID {
            conditions.add("m.channel_id IN (SELECT channel_id FROM members WHERE user_id = ? AND state = 'joined')", [member])
        }
        if let customType = scope.channelCustomType { conditions.add("c.custom_type = ?", [customType]) }
        if let from = scope.from { conditions.add("m.created_at >= ?", [from]) }
        if let to = scope.to { conditions.add("m.created_at <= ?", [to]) }
        let from = "message_search JOIN messages m ON m.id = message_search.rowid JOIN channels c ON c.id = m.channel_id"
        let orderBy: String
        switch scope.order {
        case .score: orderBy = scope.reverse ? "rank DESC, m.id" : "rank, m.id DESC"
        case .ts: orderBy = scope.reverse ? "m.created_at, m.id" : "m.created_at DESC, m.id DESC"
        }
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT m.* FROM \(from) \(conditions.whereClause) ORDER BY \(orderBy) LIMIT \(limit) OFFSET \(offset)",
            arguments: conditions.arguments
        )
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(from) \(conditions.whereClause)", arguments: conditions.arguments) ?? 0
        return (rows.map(MessageRecord.init(row:)), total)
    }
}
