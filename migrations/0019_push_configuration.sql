-- Push providers the application is configured with (`/v3/applications/push/...`), each
-- stored whole as JSON (secrets included: answers mask them); `created_at` in seconds.
CREATE TABLE push_configurations (
    id TEXT PRIMARY KEY,
    push_type TEXT NOT NULL CHECK (push_type IN ('fcm', 'huawei', 'apns')),
    created_at INTEGER NOT NULL,
    settings TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX push_configurations_by_type ON push_configurations (push_type, created_at);

-- The push content templates the application changed; the others read as Sendbird's own.
CREATE TABLE push_message_templates (
    name TEXT PRIMARY KEY CHECK (name IN ('default', 'alternative')),
    template TEXT NOT NULL
) WITHOUT ROWID;

-- Whether the application sends push notifications at all (`/v3/applications/push/settings`).
-- On at first: a notification still needs a provider configured for the device's token type.
ALTER TABLE application ADD COLUMN push_enabled INTEGER NOT NULL DEFAULT 1;

-- The push notifications Roost would have sent, one per recipient of a message: the body is
-- the `roost:push` event's payload; this table finds them by user and channel. They go
-- when the event log prunes their event.
CREATE TABLE pushes (
    seq INTEGER PRIMARY KEY REFERENCES events (seq) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    channel_url TEXT NOT NULL
);
CREATE INDEX pushes_by_user ON pushes (user_id, seq);
CREATE INDEX pushes_by_channel ON pushes (channel_url, seq);
