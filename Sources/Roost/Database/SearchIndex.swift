import GRDB

/// Brings the message search index up to date with the messages a transaction changed, just
/// before it commits. The schema's triggers queue the changed messages
/// (`message_search_queue`, migration 0028) rather than index them on the spot: FTS5 writes
/// its pending entries out at every savepoint, and each write of a group commit has one, so
/// indexing per message cost a new index segment (and its merges) per message.
enum SearchIndex {
    /// Indexes the queued messages that exist and are not removed. `CROSS JOIN` keeps the
    /// queue as the outer loop: left to choose, SQLite scanned every message in id order.
    static let indexQueued = """
        INSERT INTO message_search (rowid, words)
        SELECT messages.id, search_words(messages.channel_id, messages.message)
        FROM message_search_queue CROSS JOIN messages ON messages.id = message_search_queue.message_id
        WHERE messages.is_removed = 0
        ORDER BY message_search_queue.message_id
        """

    static func catchUp(in db: Database) throws {
        guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM message_search_queue)")) == true else { return }
        let reindexed = try Int64.fetchAll(db.cachedStatement(sql: "SELECT message_id FROM message_search_queue WHERE was_indexed"))
        for id in reindexed {
            try db.executeCached(sql: "DELETE FROM message_search WHERE rowid = ?", arguments: [id])
        }
        try db.executeCached(sql: indexQueued)
        try db.executeCached(sql: "DELETE FROM message_search_queue")
    }
}
