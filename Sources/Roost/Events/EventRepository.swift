/// An event as the log keeps it.
struct StoredEvent: Sendable, Equatable, FetchableRecord {
    var seq: Int64
    var category: String
    var createdAt: Int64
    var channelURL: String?
    var payload: String

    enum Columns: Int, TableColumns {
        case seq, category, created_at, channel_url, payload
    }

    init(row: Row) {
        seq = row[Columns.seq]
        category = row[Columns.category]
        createdAt = row[Columns.created_at]
        channelURL = row[Columns.channel_url]
        payload = row[Columns.payload]
    }
}

/// Which events a reader wants.
struct EventFilter: Sendable {
    var categories: [String]?
    var channelURL: String?
    /// Only what this user's own stream carries: events of channels they belonged to when
    /// the event happened, and events that concern them directly.
    var visibleTo: String?
}

/// An event to append, its payload written (`EventLog.event`).
struct NewEvent: Sendable {
    let category: EventCategory
    let time: Int64
    let channelURL: String?
    let concerning: [String]
    let audience: EventAudience
    let payload: String
}

/// The events table. Every method runs inside the caller's transaction.
struct EventRepository: Sendable {
    private static let columns = StoredEvent.Columns.qualified(by: "events")

    /// Appends events in one statement, in the order given (and the users each concerns or
    /// is kept from in one more); answers their `seq`s.
    func insert(_ events: [NewEvent], in db: Database) throws -> [Int64] {
        var rows = SQL.JSONRows()
        for event in events {
            rows.append([
                .text(event.category.rawValue), .integer(event.time), .text(event.channelURL), .text(event.payload),
                .text(event.audience.membersToo ? "members" : "concerned"),
            ])
        }
        // Each row's seq comes from the table's sequence as the rows go in, in the order selected.
        let seqs = try Int64.fetchAll(db.cachedStatement(sql: Self.insertSQL[db.dialect]), arguments: ["rows": try rows.argument()]).sorted()
        guard seqs.count == events.count else { throw NoRowInserted(sql: Self.insertSQL[db.dialect]) }
        var users = SQL.JSONRows()
        for (event, seq) in zip(events, seqs) {
            let excluded = Set(event.audience.excluding)
            for userID in Set(event.concerning).union(excluded).sorted() {
                users.append([.text(userID), .integer(seq), .bool(excluded.contains(userID))])
            }
        }
        if !users.isEmpty {
            try db.executeCached(sql: Self.insertUsersSQL[db.dialect], arguments: ["rows": try users.argument()])
        }
        return seqs
    }

    private static let insertSQL = DialectText { dialect in
        """
        INSERT INTO events (category, created_at, channel_url, payload, audience)
        SELECT category, created_at, channel_url, payload, audience
        FROM \(dialect.rows(ofJSON: [
            "category": .text, "created_at": .integer, "channel_url": .text, "payload": .text, "audience": .text,
        ], from: ":rows")) AS new
        ORDER BY position
        RETURNING seq
        """
    }

    /// `WHERE true` tells SQLite's parser that `ON CONFLICT` is the upsert's, not a join's.
    private static let insertUsersSQL = DialectText { dialect in
        """
        INSERT INTO event_users (user_id, seq, excluded)
        SELECT user_id, seq, excluded FROM \(dialect.rows(ofJSON: ["user_id": .text, "seq": .integer, "excluded": .integer], from: ":rows")) AS new
        WHERE true
        ON CONFLICT DO NOTHING
        """
    }

    /// Events after `seq`, oldest first.
    func events(after seq: Int64, matching filter: EventFilter, limit: Int, in db: Database) throws -> [StoredEvent] {
        var conditions = Conditions()
        conditions.add("events.seq > ?", [seq])
        if let categories = filter.categories {
            let list = SQL.ValueList(categories)
            conditions.add("events.category IN (\(list.placeholders))", list.arguments)
        }
        if let url = filter.channelURL { conditions.add("events.channel_url = ?", [url]) }
        if let userID = filter.visibleTo {
            // Their own, and (unless the event is for those it concerns only) a group channel's
            // events from while they were a member (invitations count from the invitation)
            // and an open channel's from while they were in it, now or before (a past
            // membership, through the last event logged before it ended); never one kept from them.
            conditions.add(
                """
                NOT EXISTS (SELECT 1 FROM event_users eu WHERE eu.user_id = ? AND eu.seq = events.seq AND eu.excluded = 1)
                AND (EXISTS (SELECT 1 FROM event_users eu WHERE eu.user_id = ? AND eu.seq = events.seq)
                 OR events.audience = 'members' AND (
                    EXISTS (SELECT 1 FROM channels c JOIN users u ON u.user_id = ?
                            JOIN members m ON m.channel_id = c.id AND m.user_id = u.id
                            WHERE c.channel_url = events.channel_url
                              AND events.created_at >= CASE WHEN m.invited_at > 0 THEN m.invited_at ELSE m.joined_at END)
                    OR EXISTS (SELECT 1 FROM channels c JOIN users u ON u.user_id = ?
                            JOIN participants p ON p.channel_id = c.id AND p.user_id = u.id
                            WHERE c.channel_url = events.channel_url AND events.created_at >= p.entered_at)
                    OR EXISTS (SELECT 1 FROM users u JOIN past_memberships pm ON pm.user_id = u.id
                            WHERE u.user_id = ? AND pm.channel_url = events.channel_url
                              AND events.created_at >= pm.since AND events.seq <= pm.until_seq)))
                """,
                [userID, userID, userID, userID, userID]
            )
        }
        return try StoredEvent.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM events \(conditions.whereClause) ORDER BY events.seq LIMIT ?"),
            arguments: conditions.arguments + [limit]
        )
    }

    /// Forgets the past memberships that end before every event the log still keeps.
    func prunePastMemberships(in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM past_memberships WHERE until_seq < (SELECT COALESCE(MIN(seq), 0) FROM events)")
    }

    func lastSeq(in db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(MAX(seq), 0) FROM events")) ?? 0
    }

    /// Deletes up to `batch` events that are both older than `time` and not among the
    /// newest `keep`, and not after `keepingFrom` (still to be delivered); answers how many.
    func prune(before time: Int64, keepingNewest keep: Int, keepingFrom seq: Int64, batch: Int, in db: Database) throws -> Int {
        try db.executeCached(
            sql: """
                DELETE FROM events WHERE seq IN (
                    SELECT seq FROM events
                    WHERE created_at < ? AND seq <= (SELECT COALESCE(MAX(seq), 0) FROM events) - ? AND seq <= ?
                    ORDER BY seq LIMIT ?)
                """,
            arguments: [time, keep, seq, batch]
        )
        return db.changesCount
    }
}
