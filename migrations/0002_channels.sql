-- Group and open channels share one table: metadata, meta counters and (later) messages
-- hang off either kind, addressed as /v3/{channel_type}/{channel_url}.
CREATE TABLE channels (
    id INTEGER PRIMARY KEY,
    channel_type TEXT NOT NULL CHECK (channel_type IN ('group_channels', 'open_channels')),
    channel_url TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    cover_url TEXT NOT NULL DEFAULT '',
    custom_type TEXT NOT NULL DEFAULT '',
    data TEXT NOT NULL DEFAULT '',
    is_distinct INTEGER NOT NULL DEFAULT 0,
    is_public INTEGER NOT NULL DEFAULT 0,
    is_super INTEGER NOT NULL DEFAULT 0,
    is_ephemeral INTEGER NOT NULL DEFAULT 0,
    is_discoverable INTEGER NOT NULL DEFAULT 0,
    -- NULL when joining needs no code.
    access_code TEXT,
    freeze INTEGER NOT NULL DEFAULT 0,
    -- Kept by the triggers below: members of any state, joined members, open-channel participants.
    member_count INTEGER NOT NULL DEFAULT 0,
    joined_member_count INTEGER NOT NULL DEFAULT 0,
    participant_count INTEGER NOT NULL DEFAULT 0,
    -- For distinct group channels: the custom type and the sorted member ids, so that
    -- creating a distinct channel for the same people finds it. NULL otherwise.
    distinct_key TEXT,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at INTEGER NOT NULL,
    -- Time of the newest message (Unix ms), NULL while the channel is empty.
    last_message_at INTEGER
);

CREATE INDEX channels_by_type ON channels (channel_type, id);
CREATE INDEX channels_by_custom_type ON channels (channel_type, custom_type, id);
CREATE INDEX channels_by_distinct_key ON channels (distinct_key) WHERE distinct_key IS NOT NULL;

-- Members of group channels.
CREATE TABLE members (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state TEXT NOT NULL CHECK (state IN ('joined', 'invited')),
    inviter_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    invited_at INTEGER NOT NULL DEFAULT 0,
    joined_at INTEGER NOT NULL DEFAULT 0,
    hidden_state TEXT NOT NULL DEFAULT 'unhidden'
        CHECK (hidden_state IN ('unhidden', 'hidden_allow_auto_unhide', 'hidden_prevent_auto_unhide')),
    -- Messages sent before this time (Unix ms) are gone for this member (reset history, hide).
    message_offset INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (channel_id, user_id)
) WITHOUT ROWID;

CREATE INDEX members_by_user ON members (user_id, channel_id);

CREATE TRIGGER members_counted_on_insert AFTER INSERT ON members BEGIN
    UPDATE channels SET member_count = member_count + 1,
        joined_member_count = joined_member_count + (NEW.state = 'joined')
    WHERE id = NEW.channel_id;
END;

CREATE TRIGGER members_counted_on_delete AFTER DELETE ON members BEGIN
    UPDATE channels SET member_count = member_count - 1,
        joined_member_count = joined_member_count - (OLD.state = 'joined')
    WHERE id = OLD.channel_id;
END;

CREATE TRIGGER members_counted_on_state_change AFTER UPDATE OF state ON members
WHEN OLD.state IS NOT NEW.state BEGIN
    UPDATE channels SET joined_member_count = joined_member_count + (NEW.state = 'joined') - (OLD.state = 'joined')
    WHERE id = NEW.channel_id;
END;

-- Operators of either kind of channel.
CREATE TABLE operators (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (channel_id, user_id)
) WITHOUT ROWID;

CREATE INDEX operators_by_user ON operators (user_id, channel_id);

-- Users present in open channels.
CREATE TABLE participants (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    entered_at INTEGER NOT NULL,
    PRIMARY KEY (channel_id, user_id)
) WITHOUT ROWID;

CREATE TRIGGER participants_counted_on_insert AFTER INSERT ON participants BEGIN
    UPDATE channels SET participant_count = participant_count + 1 WHERE id = NEW.channel_id;
END;

CREATE TRIGGER participants_counted_on_delete AFTER DELETE ON participants BEGIN
    UPDATE channels SET participant_count = participant_count - 1 WHERE id = OLD.channel_id;
END;

-- Who is typing in a group channel, and since when.
CREATE TABLE typing (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    started_at INTEGER NOT NULL,
    PRIMARY KEY (channel_id, user_id)
) WITHOUT ROWID;

CREATE TABLE channel_metadata (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (channel_id, key)
) WITHOUT ROWID;

CREATE INDEX channel_metadata_by_key_value ON channel_metadata (key, value);

CREATE TABLE channel_metacounters (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    value INTEGER NOT NULL,
    PRIMARY KEY (channel_id, key)
) WITHOUT ROWID;

CREATE INDEX channel_metacounters_by_key_value ON channel_metacounters (key, value);
