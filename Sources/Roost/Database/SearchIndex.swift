import GRDB

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
        CROSS JOIN messages ON messages.id = queued.message_id
        WHERE messages.is_removed = 0
        """

    static func hasQueued(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM message_search_queue)")) == true
    }

    /// Indexes up to `limit` queued messages (all, when nil); answers whether more are queued.
    @discardableResult
    static func catchUp(in db: Database, limit: Int? = nil) throws -> Bool {
        guard try hasQueued(db) else { return false }
        let limit = limit ?? -1
        let reindexed = try Int64.fetchAll(
            db.cachedStatement(sql: """
                SELECT message_id FROM (SELECT message_id, was_indexed FROM message_search_queue ORDER BY message_id LIMIT ?)
                WHERE was_indexed
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
}
