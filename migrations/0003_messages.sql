-- Messages of both channel kinds. The row id is the message_id: unique and increasing,
-- never reused (AUTOINCREMENT), even for messages of ephemeral channels, which are not kept.
CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    type TEXT NOT NULL CHECK (type IN ('MESG', 'FILE', 'ADMM')),
    -- NULL for admin messages, which have no sender.
    sender_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    message TEXT NOT NULL DEFAULT '',
    custom_type TEXT NOT NULL DEFAULT '',
    data TEXT NOT NULL DEFAULT '',
    mention_type TEXT NOT NULL DEFAULT 'users' CHECK (mention_type IN ('users', 'channel')),
    is_silent INTEGER NOT NULL DEFAULT 0,
    is_removed INTEGER NOT NULL DEFAULT 0,
    -- Sent by an operator of the channel at the time.
    is_op_msg INTEGER NOT NULL DEFAULT 0,
    parent_message_id INTEGER,
    -- File messages: JSON {url, name, type, size, data}, and a JSON array of thumbnails.
    file TEXT,
    thumbnails TEXT NOT NULL DEFAULT '[]',
    -- JSON array of {key, value: [...]}, and a JSON object of language -> text.
    sorted_metaarray TEXT NOT NULL DEFAULT '[]',
    translations TEXT NOT NULL DEFAULT '{}',
    dedup_id TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL DEFAULT 0,
    -- Thread summary, kept on the parent as replies arrive.
    reply_count INTEGER NOT NULL DEFAULT 0,
    last_replied_at INTEGER NOT NULL DEFAULT 0
);

-- History pages walk this index from a timestamp in either direction.
CREATE INDEX messages_by_channel_time ON messages (channel_id, created_at, id);
CREATE INDEX messages_by_parent ON messages (parent_message_id, created_at, id) WHERE parent_message_id IS NOT NULL;
CREATE UNIQUE INDEX messages_by_dedup_id ON messages (channel_id, dedup_id) WHERE dedup_id IS NOT NULL;

CREATE TABLE message_mentions (
    message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (message_id, user_id)
) WITHOUT ROWID;

-- Reactions keep a row id so that they list in the order they were made.
CREATE TABLE reactions (
    id INTEGER PRIMARY KEY,
    message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    reaction TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    updated_at INTEGER NOT NULL,
    UNIQUE (message_id, reaction, user_id)
);

-- The newest message of each channel, for last_message.
ALTER TABLE channels ADD COLUMN last_message_id INTEGER;

-- Read and delivery state, unread counts and count preference per group channel member.
ALTER TABLE members ADD COLUMN last_read_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN delivered_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN unread_message_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN unread_mention_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN count_preference TEXT NOT NULL DEFAULT 'all'
    CHECK (count_preference IN ('all', 'unread_message_count_only', 'unread_mention_count_only', 'off'));

-- Full-text search over message texts, kept in step by the triggers below (same transaction).
-- Each entry also holds its channel as a token ("c" and the channel's row id) in the
-- `channel` column, so a search scoped to channels intersects posting lists instead of
-- filtering every match in the application.
CREATE VIRTUAL TABLE message_search USING fts5 (message, channel);

CREATE TRIGGER messages_indexed_on_insert AFTER INSERT ON messages BEGIN
    INSERT INTO message_search (rowid, message, channel) VALUES (NEW.id, NEW.message, 'c' || NEW.channel_id);
END;

CREATE TRIGGER messages_indexed_on_delete AFTER DELETE ON messages BEGIN
    DELETE FROM message_search WHERE rowid = OLD.id;
END;

CREATE TRIGGER messages_indexed_on_update AFTER UPDATE OF message ON messages BEGIN
    UPDATE message_search SET message = NEW.message WHERE rowid = NEW.id;
END;

-- The indexed words, for expanding wildcard and fuzzy search terms.
CREATE VIRTUAL TABLE message_search_terms USING fts5vocab (message_search, 'col');
