-- Bans and mutes in channels. A ban or mute lapses by itself once end_at (Unix ms) has
-- passed: readers compare it with the clock, so no background job is needed.
CREATE TABLE bans (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    agent_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    description TEXT NOT NULL DEFAULT '',
    start_at INTEGER NOT NULL,
    end_at INTEGER NOT NULL,
    PRIMARY KEY (channel_id, user_id)
) WITHOUT ROWID;

CREATE INDEX bans_by_user ON bans (user_id, channel_id);

CREATE TABLE mutes (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    description TEXT NOT NULL DEFAULT '',
    start_at INTEGER NOT NULL,
    end_at INTEGER NOT NULL,
    PRIMARY KEY (channel_id, user_id)
) WITHOUT ROWID;

CREATE INDEX mutes_by_user ON mutes (user_id, channel_id);

-- user_id blocks target_id.
CREATE TABLE blocks (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, target_id)
) WITHOUT ROWID;

CREATE INDEX blocks_by_target ON blocks (target_id, user_id);

-- Messages stored but not delivered to one member: in a 1-to-1 distinct channel, what a
-- blocked user sends never reaches the member who blocked them.
CREATE TABLE undelivered_messages (
    message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, message_id)
) WITHOUT ROWID;

-- Reports keep JSON snapshots of what was reported, as it was then, so that a report
-- outlives later edits and deletions.
CREATE TABLE reports (
    id INTEGER PRIMARY KEY,
    report_type TEXT NOT NULL CHECK (report_type IN ('message', 'user', 'channel')),
    report_category TEXT NOT NULL CHECK (report_category IN ('suspicious', 'harassing', 'inappropriate', 'spam')),
    report_description TEXT NOT NULL DEFAULT '',
    channel_type TEXT,
    channel_url TEXT,
    message_id INTEGER,
    offending_user_id TEXT,
    reporting_user TEXT,
    offending_user TEXT,
    reported_message TEXT,
    channel TEXT,
    created_at INTEGER NOT NULL
);

CREATE INDEX reports_by_time ON reports (created_at, id);
CREATE INDEX reports_by_message ON reports (channel_url, message_id, id) WHERE message_id IS NOT NULL;
CREATE INDEX reports_by_offending_user ON reports (offending_user_id, id) WHERE offending_user_id IS NOT NULL;
CREATE INDEX reports_by_channel ON reports (channel_url, id) WHERE channel_url IS NOT NULL;
