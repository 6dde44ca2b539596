-- Announcements (`/v3/announcements`): a message sent to many channels at a scheduled time,
-- run by the scheduler in batches (an `announcement` job). `message` and `settings` hold
-- the request as JSON; the counters are what the run reached.
CREATE TABLE announcements (
    id INTEGER PRIMARY KEY,
    unique_id TEXT NOT NULL UNIQUE,
    announcement_group TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL,
    scheduled_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    completed_at INTEGER NOT NULL DEFAULT 0,
    target_user_count INTEGER NOT NULL DEFAULT 0,
    target_channel_count INTEGER NOT NULL DEFAULT 0,
    sent_user_count INTEGER NOT NULL DEFAULT 0,
    sent_channel_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX announcements_by_time ON announcements (created_at, id);
CREATE INDEX announcements_by_group ON announcements (announcement_group, created_at);

-- The channels an announcement goes to, resolved when it starts: `sent_at` once its message
-- went (`message_id` NULL when the send was refused), NULL while still to go.
CREATE TABLE announcement_targets (
    announcement_id INTEGER NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    sent_at INTEGER,
    message_id INTEGER,
    PRIMARY KEY (announcement_id, channel_id)
) WITHOUT ROWID;
