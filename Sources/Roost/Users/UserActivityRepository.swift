/// What the statistics count, recorded as it happens inside the caller's transaction: who
/// was active each day, the most connections open at once, and users deactivated or deleted.
struct UserActivityRepository: Sendable {
    static let dayLength: Int64 = 86_400_000

    enum Departure: String, Sendable {
        case deactivated, deleted
    }

    /// The user was active at `time` (a send, a read when `viewed`, a stream opened).
    /// A user already counted for the day is left alone unless this is their first view: a
    /// row rewritten with the same values still costs the commit a page.
    func recordActive(_ userRowID: Int64, viewed: Bool = false, at time: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO user_activity (day, user_id, viewed) VALUES (?, ?, ?)
                ON CONFLICT (day, user_id) DO UPDATE SET viewed = 1 WHERE excluded.viewed = 1 AND user_activity.viewed = 0
                """,
            arguments: [time / Self.dayLength, userRowID, viewed]
        )
    }

    /// The users who sent the events from `first` through `last` of these categories (named at
    /// `senderPath` in each payload) and are not yet counted active on the day they sent
    /// them: each once a day, at their first event that day. One statement for a whole batch;
    /// SQLite reads the sender out of the payload faster than a JSON decoder would.
    func newlyActiveSenders(
        ofEventsFrom first: Int64, through last: Int64, categories: [String], senderPath: [String], in db: Database
    ) throws -> [(userRowID: Int64, time: Int64)] {
        let list = SQL.ValueList(categories)
        return try Row.fetchAll(
            db.cachedStatement(sql: """
                SELECT u.id AS user_id, MIN(e.created_at) AS time FROM events e
                JOIN users u ON u.user_id = \(db.dialect.jsonText("e.payload", at: senderPath))
                WHERE e.seq BETWEEN ? AND ? AND e.category IN (\(list.placeholders))
                    AND NOT EXISTS (SELECT 1 FROM user_activity a WHERE a.day = e.created_at / ? AND a.user_id = u.id)
                GROUP BY u.id, e.created_at / ?
                ORDER BY time, u.id
                """),
            arguments: [first, last] + list.arguments + [Self.dayLength, Self.dayLength]
        ).map { (userRowID: $0["user_id"], time: $0["time"]) }
    }

    /// Notes how many user streams are open now, when that is the day's most.
    func recordConnections(at time: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO connection_peaks (day, peak) SELECT ?, COALESCE(SUM(open_streams), 0) FROM users WHERE open_streams > 0
                ON CONFLICT (day) DO UPDATE SET peak = MAX(connection_peaks.peak, excluded.peak)
                """,
            arguments: [time / Self.dayLength]
        )
    }

    func recordDeparture(_ kind: Departure, at time: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO user_departures (day, kind, count) VALUES (?, ?, 1)
                ON CONFLICT (day, kind) DO UPDATE SET count = user_departures.count + 1
                """,
            arguments: [time / Self.dayLength, kind.rawValue]
        )
    }
}
