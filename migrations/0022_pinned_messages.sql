-- Messages pinned to their group channel, oldest pin first; at most ten a channel. A pin
-- goes with its message (deleting a message unpins it).
CREATE TABLE pinned_messages (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    pinned_at INTEGER NOT NULL,
    PRIMARY KEY (channel_id, message_id)
) WITHOUT ROWID;
CREATE INDEX pinned_messages_by_message ON pinned_messages (message_id);
