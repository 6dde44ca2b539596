-- Search terms carry their channel: each word is indexed as `c{channel_id}_{word}`, written by
-- Roost's `search_words(channel_id, message)` function (`SearchWords`), so a search in a
-- channel reads that channel's index entries only. Removed messages leave the index (a
-- search never shows them), and an edit re-indexes only when the text or removal changed.
DROP TRIGGER messages_indexed_on_insert;
DROP TRIGGER messages_indexed_on_delete;
DROP TRIGGER messages_indexed_on_update;
DROP TABLE message_search_terms;
DROP TABLE message_search;

CREATE VIRTUAL TABLE message_search USING fts5 (words, tokenize = "ascii tokenchars '_'");

CREATE TRIGGER messages_indexed_on_insert AFTER INSERT ON messages WHEN NEW.is_removed = 0 BEGIN
    INSERT INTO message_search (rowid, words) VALUES (NEW.id, search_words(NEW.channel_id, NEW.message));
END;

CREATE TRIGGER messages_indexed_on_delete AFTER DELETE ON messages WHEN OLD.is_removed = 0 BEGIN
    DELETE FROM message_search WHERE rowid = OLD.id;
END;

CREATE TRIGGER messages_indexed_on_update AFTER UPDATE OF message, is_removed ON messages
WHEN OLD.message IS NOT NEW.message OR OLD.is_removed != NEW.is_removed BEGIN
    DELETE FROM message_search WHERE rowid = OLD.id AND OLD.is_removed = 0;
    INSERT INTO message_search (rowid, words)
        SELECT NEW.id, search_words(NEW.channel_id, NEW.message) WHERE NEW.is_removed = 0;
END;

INSERT INTO message_search (rowid, words)
    SELECT id, search_words(channel_id, message) FROM messages WHERE is_removed = 0;

-- The indexed terms, for expanding wildcard and fuzzy search words within a channel.
CREATE VIRTUAL TABLE message_search_terms USING fts5vocab (message_search, 'row');
