-- Messages to send at a later time (`/v3/group_channels/{channel_url}/scheduled_messages`):
-- the send request as it will go (JSON), and what became of it. A `scheduled_message` job
-- sends each one when it falls due.
CREATE TABLE scheduled_messages (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    sender_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    message_type TEXT NOT NULL CHECK (message_type IN ('MESG', 'FILE', 'ADMM')),
    request TEXT NOT NULL,
    scheduled_at INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'canceled')),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    sent_at INTEGER NOT NULL DEFAULT 0,
    message_id INTEGER,
    error_code INTEGER,
    error_message TEXT
);
CREATE INDEX scheduled_messages_by_channel ON scheduled_messages (channel_id, created_at);
CREATE INDEX scheduled_messages_by_sender ON scheduled_messages (sender_id, created_at);
CREATE INDEX scheduled_messages_by_time ON scheduled_messages (created_at);
