/// Brings the message search index up to date with the messages that changed. The schema's
/// triggers queue the changed messages (`message_search_queue`, migration 0028) in the
/// change's own transaction; the index follows the queue afterwards, in transactions of its
/// own (`AppDatabase`'s search follower), a batch at a time: a send pays for one queue row,
/// not for FTS5's index segment, and the queue is where the index resumes after a crash.
enum SearchIndex {
    /// Messages indexed per transaction.
    static let batchSize = 200

    /// Indexes the first `limit` queued messages that exist and are not removed. `CROSS JOIN`
    /// keeps the queue as the outer loop: left to choose, SQLite scanned every message in id
    /// order.
    static let indexQueued = """
        INSERT INTO message_search (rowid, words)
        SELECT messages.id, search_words(messages.channel_id, messages.message)
        FROM (SELECT message_id FROM message_search_queue ORDER BY message_id LIMIT :limit) AS queued
        CROSS JOIN messages
        WHERE messages.id = queued.message_id AND messages.is_removed = 0
        """

    /// The newest message queued now: the index holds every change queued so far once nothing
    /// up to it is queued (`isIndexed(upTo:)`), as the queue is followed in message order.
    static func newestQueued(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(message_id) FROM message_search_queue"))
    }

    static func isIndexed(upTo messageID: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT NOT EXISTS (SELECT 1 FROM message_search_queue WHERE message_id <= ?)"), arguments: [messageID]
        ) == true
    }

    static func hasQueued(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM message_search_queue)")) == true
    }

    /// Whether at most `count` messages are queued.
    static func queued(atMost count: Int, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM message_search_queue LIMIT 1 OFFSET ?)", arguments: [count]) == true
    }

    /// What the follower finds to do.
    enum Work {
        case none, queued
        /// Messages are queued, but the index is being compacted: they wait for it.
        case waitingForCompaction
    }

    static func work(in db: Database) throws -> Work {
        guard try hasQueued(db) else { return .none }
        return try isCompacting(db) ? .waitingForCompaction : .queued
    }

    /// Indexes up to `limit` queued messages (all, when nil); answers whether more are queued.
    @discardableResult
    static func catchUp(in db: Database, limit: Int? = nil) throws -> Bool {
        guard try hasQueued(db) else { return false }
        if db.dialect == .postgres { return try catchUpOnPostgres(in: db, limit: limit) }
        let limit = limit ?? .max
        let reindexed = try Int64.fetchAll(
            db.cachedStatement(sql: """
                SELECT message_id FROM (SELECT message_id, was_indexed FROM message_search_queue ORDER BY message_id LIMIT ?) AS queued
                WHERE was_indexed = 1
                """),
            arguments: [limit]
        )
        for id in reindexed {
            try db.executeCached(sql: "DELETE FROM message_search WHERE rowid = ?", arguments: [id])
        }
        try db.executeCached(sql: indexQueued, arguments: ["limit": limit])
        try db.executeCached(
            sql: "DELETE FROM message_search_queue WHERE message_id IN (SELECT message_id FROM message_search_queue ORDER BY message_id LIMIT ?)",
            arguments: [limit]
        )
        return try hasQueued(db)
    }

    /// PostgreSQL's index is a table of each message's terms as a `tsvector`, and a table of
    /// every term indexed (FTS5's vocabulary): the terms are made here, as SQLite's
    /// `search_words` makes them. Three steps, which the follower takes apart (`AppDatabase`):
    /// the queued messages are read (`queuedOnPostgres`, on a reader), their terms made
    /// (`Batch`, outside any transaction), and the batch written (`record`, on the writer).
    private static func catchUpOnPostgres(in db: Database, limit: Int?) throws -> Bool {
        let batch = Batch(try queuedOnPostgres(in: db, limit: limit))
        guard !batch.isEmpty else { return false }
        try record(batch, in: db)
        return try hasQueued(db)
    }

    /// A queued message as PostgreSQL's catch-up reads it: its text, or nil when it is gone or removed.
    struct Queued: Sendable {
        let id: Int64
        let channelID: Int64
        let text: String?
    }

    static func queuedOnPostgres(in db: Database, limit: Int?) throws -> [Queued] {
        try Row.fetchAll(
            db.cachedStatement(sql: """
                SELECT queued.message_id, messages.channel_id, messages.message, messages.is_removed
                FROM (SELECT message_id FROM message_search_queue ORDER BY message_id LIMIT ?) AS queued
                LEFT JOIN messages ON messages.id = queued.message_id
                """),
            arguments: [limit ?? Int.max]
        ).map { row in
            let channel: Int64? = row["channel_id"]
            let shown = channel != nil && row["is_removed"] as Int64? == 0
            return Queued(id: row["message_id"], channelID: channel ?? 0, text: shown ? row["message"] : nil)
        }
    }

    /// Queued messages with their terms made: each message's text and terms, or no text for a
    /// message to leave out of the index.
    struct Batch: Sendable {
        fileprivate var rows = SQL.JSONRows()
        var isEmpty: Bool { rows.isEmpty }

        init(_ queued: [Queued]) {
            for message in queued {
                let terms = message.text.map { text in
                    SearchMatch.postgresDocument(SearchWords.words(in: text).map { SearchWords.term($0, in: message.channelID) })
                }
                rows.append([.integer(message.id), .text(message.text), .text(terms)])
            }
        }
    }

    /// Writes a batch in one statement: each message's terms, or its leaving the index, and its
    /// leaving the queue. A message whose text or removal changed since the batch read it (an
    /// edit or a deletion queued again meanwhile) is left queued for the next batch.
    static func record(_ batch: Batch, in db: Database) throws {
        try db.executeCached(sql: recordSQL, arguments: ["rows": try batch.rows.argument()])
    }

    private static let recordSQL = """
        WITH batch AS \(Dialect.postgres.rows(ofJSON: ["id": .integer, "text": .text, "terms": .text], from: ":rows")),
        fresh AS (
            SELECT batch.id, CAST(batch.terms AS tsvector) AS terms FROM batch JOIN messages ON messages.id = batch.id
            WHERE batch.text IS NOT NULL AND messages.is_removed = 0 AND messages.message = batch.text
        ), gone AS (
            SELECT batch.id FROM batch
            WHERE batch.text IS NULL AND NOT EXISTS (SELECT 1 FROM messages WHERE messages.id = batch.id AND messages.is_removed = 0)
        ), indexed AS (
            INSERT INTO message_search (rowid, terms) SELECT id, terms FROM fresh
            ON CONFLICT (rowid) DO UPDATE SET terms = excluded.terms
        ), vocabulary AS (
            INSERT INTO message_search_terms (term) SELECT DISTINCT unnest(tsvector_to_array(terms)) FROM fresh
            ON CONFLICT DO NOTHING
        ), unindexed AS (
            DELETE FROM message_search WHERE rowid IN (SELECT id FROM gone)
        )
        DELETE FROM message_search_queue WHERE message_id IN (SELECT id FROM fresh UNION ALL SELECT id FROM gone)
        """

    // MARK: Compaction

    /// Pages of the index merged per compaction step: about 10 ms of the writer.
    static let compactionPagesPerStep = 100
    /// How often the follower looks whether a compaction has ended.
    static let compactionPoll: Duration = .milliseconds(10)

    static func isCompacting(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM search_index_compaction)")) == true
    }

    /// Starts rewriting the index into one segment, which leaves out the entries of every
    /// message deleted before (FTS5 keeps them in older segments until those are merged), and
    /// takes its first step; answers whether more is left. Until it ends, the follower indexes
    /// nothing (migration 0033 says why), so the caller first catches up with the queue.
    static func beginCompaction(in db: Database) throws -> Bool {
        // PostgreSQL's indexes drop a deleted message's entries with its row: nothing to compact.
        guard db.dialect == .sqlite else { return false }
        try db.execute(sql: "INSERT INTO search_index_compaction (id) VALUES (1) ON CONFLICT DO NOTHING")
        return try compactionStep(in: db)
    }

    /// One bounded step of the compaction; answers whether more is left, and when nothing
    /// is, ends it.
    static func compactionStep(in db: Database) throws -> Bool {
        let before = db.totalChangesCount
        try db.execute(sql: "INSERT INTO message_search (message_search, rank) VALUES ('merge', ?)", arguments: [-compactionPagesPerStep])
        // FTS5 changes fewer than two rows when it found nothing to merge.
        guard db.totalChangesCount - before < 2 else { return true }
        try endCompaction(in: db)
        return false
    }

    /// Ends a compaction, done or not: the follower indexes again.
    static func endCompaction(in db: Database) throws {
        try db.execute(sql: "DELETE FROM search_index_compaction")
    }
}
