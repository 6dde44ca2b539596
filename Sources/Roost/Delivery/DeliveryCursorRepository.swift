/// Each feed's progress through the event log. Every method runs inside the caller's
/// transaction.
struct DeliveryCursorRepository: Sendable {
    /// Gives a feed that never ran a cursor at the head of the log: it starts with the next event.
    func register(_ feed: String, in db: Database) throws {
        try db.executeCached(
            sql: "INSERT INTO delivery_cursors (feed, delivered_seq) VALUES (?, ?) ON CONFLICT DO NOTHING",
            arguments: [feed, try EventRepository().lastSeq(in: db)]
        )
    }

    func position(of feed: String, in db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT delivered_seq FROM delivery_cursors WHERE feed = ?"), arguments: [feed]) ?? 0
    }

    /// Records progress; it only moves forward.
    func advance(_ feed: String, to seq: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE delivery_cursors SET delivered_seq = MAX(delivered_seq, ?) WHERE feed = ?", arguments: [seq, feed]
        )
    }

    /// Skips whatever was recorded before now (turning webhooks on starts with the next event).
    func skipToHead(_ feed: String, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO delivery_cursors (feed, delivered_seq) VALUES (?, ?)
                ON CONFLICT (feed) DO UPDATE SET delivered_seq = excluded.delivered_seq
                """,
            arguments: [feed, try EventRepository().lastSeq(in: db)]
        )
    }

    /// The oldest position of any feed: events after it may still be delivered.
    func oldest(in db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT MIN(delivered_seq) FROM delivery_cursors"))
    }
}
