-- The search index catches up once per commit instead of once per message. FTS5 writes its
-- pending entries out as a new index segment at every savepoint, and group commit runs each
-- write in a savepoint of its own: a segment per message, then merges of those segments, cost
-- more than half of a send. The triggers now only queue the messages whose entries change;
-- `SearchIndex.catchUp` re-indexes them in the same transaction, just before it commits, so a
-- search never sees a committed message without its entries.
--
-- `was_indexed` is whether the index held the message when it was first queued in this
-- transaction (a new message: no; an edit or deletion: when it was not removed), which the
-- first queueing decides alone.
CREATE TABLE message_search_queue (
    message_id INTEGER PRIMARY KEY,
    was_indexed INTEGER NOT NULL
);

DROP TRIGGER messages_indexed_on_insert;
DROP TRIGGER messages_indexed_on_delete;
DROP TRIGGER messages_indexed_on_update;

CREATE TRIGGER messages_indexed_on_insert AFTER INSERT ON messages BEGIN
    INSERT OR IGNORE INTO message_search_queue (message_id, was_indexed) VALUES (NEW.id, 0);
END;

CREATE TRIGGER messages_indexed_on_delete AFTER DELETE ON messages BEGIN
    INSERT OR IGNORE INTO message_search_queue (message_id, was_indexed) VALUES (OLD.id, OLD.is_removed = 0);
END;

CREATE TRIGGER messages_indexed_on_update AFTER UPDATE OF message, is_removed ON messages
WHEN OLD.message IS NOT NEW.message OR OLD.is_removed != NEW.is_removed BEGIN
    INSERT OR IGNORE INTO message_search_queue (message_id, was_indexed) VALUES (OLD.id, OLD.is_removed = 0);
END;
