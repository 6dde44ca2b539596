-- The event log: every change Sendbird reports as a webhook event, written in the same
-- transaction as the change. `seq` only grows (AUTOINCREMENT never reuses a number, even
-- after pruning); `payload` is the JSON body a webhook carries, exactly as delivered.
CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    category TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    channel_url TEXT,
    payload TEXT NOT NULL
);
CREATE INDEX events_by_channel ON events (channel_url, seq) WHERE channel_url IS NOT NULL;
CREATE INDEX events_by_time ON events (created_at);

-- The users an event concerns directly (who blocked whom, who was invited, banned...): what
-- a user's own stream carries beyond the events of their channels.
CREATE TABLE event_users (
    user_id TEXT NOT NULL,
    seq INTEGER NOT NULL REFERENCES events (seq) ON DELETE CASCADE,
    PRIMARY KEY (user_id, seq)
) WITHOUT ROWID;
CREATE INDEX event_users_by_seq ON event_users (seq);

-- Webhook settings, and how far delivery has got: every event up to `delivered_seq` was
-- delivered, skipped (not subscribed) or recorded as failed.
CREATE TABLE webhook_settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    enabled INTEGER NOT NULL DEFAULT 0,
    url TEXT NOT NULL DEFAULT '',
    include_members INTEGER NOT NULL DEFAULT 0,
    include_unread_count INTEGER NOT NULL DEFAULT 0,
    enabled_events TEXT NOT NULL DEFAULT '[]',
    delivered_seq INTEGER NOT NULL DEFAULT 0
);
INSERT INTO webhook_settings (id) VALUES (1);

-- Deliveries that got no 2xx answer after every attempt.
CREATE TABLE failed_webhooks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    seq INTEGER NOT NULL,
    category TEXT NOT NULL,
    status_code INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    failed_at INTEGER NOT NULL,
    payload TEXT NOT NULL
);
CREATE INDEX failed_webhooks_by_time ON failed_webhooks (failed_at);
