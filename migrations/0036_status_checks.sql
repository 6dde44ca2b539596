-- Statuses take only the values the code's enums name (`AnnouncementStatus`, `ExportStatus`),
-- as the older tables' do. SQLite adds a CHECK constraint only by rebuilding a table. Foreign
-- keys stay enforced throughout: each new table is filled before the old one goes, the
-- announcements' targets move with them (a rename carries the reference over), and nothing
-- refers to exports or GDPR requests.
CREATE TABLE announcements_new (
    id INTEGER PRIMARY KEY,
    unique_id TEXT NOT NULL UNIQUE,
    announcement_group TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL
        CHECK (status IN ('scheduled', 'running', 'on-hold', 'paused', 'stopped', 'canceled', 'completed', 'incompleted')),
    scheduled_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    completed_at INTEGER NOT NULL DEFAULT 0,
    target_user_count INTEGER NOT NULL DEFAULT 0,
    target_channel_count INTEGER NOT NULL DEFAULT 0,
    sent_user_count INTEGER NOT NULL DEFAULT 0,
    sent_channel_count INTEGER NOT NULL DEFAULT 0
);
INSERT INTO announcements_new (
    id, unique_id, announcement_group, message, settings, status, scheduled_at, created_at, completed_at,
    target_user_count, target_channel_count, sent_user_count, sent_channel_count
)
SELECT
    id, unique_id, announcement_group, message, settings, status, scheduled_at, created_at, completed_at,
    target_user_count, target_channel_count, sent_user_count, sent_channel_count
FROM announcements;

CREATE TABLE announcement_targets_new (
    announcement_id INTEGER NOT NULL REFERENCES announcements_new (id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    sent_at INTEGER,
    message_id INTEGER,
    PRIMARY KEY (announcement_id, channel_id)
) WITHOUT ROWID;
INSERT INTO announcement_targets_new (announcement_id, channel_id, sent_at, message_id)
SELECT announcement_id, channel_id, sent_at, message_id FROM announcement_targets;

DROP TABLE announcement_targets;
DROP TABLE announcements;
ALTER TABLE announcements_new RENAME TO announcements;
ALTER TABLE announcement_targets_new RENAME TO announcement_targets;
CREATE INDEX announcements_by_time ON announcements (created_at, id);
CREATE INDEX announcements_by_group ON announcements (announcement_group, created_at);
CREATE INDEX announcement_targets_by_channel ON announcement_targets (channel_id);

CREATE TABLE data_exports_new (
    id INTEGER PRIMARY KEY,
    request_id TEXT NOT NULL UNIQUE,
    data_type TEXT NOT NULL CHECK (data_type IN ('messages', 'channels', 'users', 'failed_webhooks')),
    request TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('scheduled', 'done', 'no data', 'size exceeded')),
    created_at INTEGER NOT NULL,
    file_url TEXT,
    expires_at INTEGER NOT NULL DEFAULT 0
);
INSERT INTO data_exports_new (id, request_id, data_type, request, status, created_at, file_url, expires_at)
SELECT id, request_id, data_type, request, status, created_at, file_url, expires_at FROM data_exports;
DROP TABLE data_exports;
ALTER TABLE data_exports_new RENAME TO data_exports;
CREATE INDEX data_exports_by_type ON data_exports (data_type, id);

CREATE TABLE gdpr_requests_new (
    id INTEGER PRIMARY KEY,
    request_id TEXT NOT NULL UNIQUE,
    action TEXT NOT NULL CHECK (action IN ('access', 'delete')),
    user_id TEXT NOT NULL DEFAULT '',
    user_ids TEXT NOT NULL DEFAULT '[]',
    channel_delete_option TEXT NOT NULL DEFAULT 'do_not_delete' CHECK (channel_delete_option IN ('do_not_delete', '1_on_1', 'all')),
    status TEXT NOT NULL CHECK (status IN ('scheduled', 'done', 'no data')),
    created_at INTEGER NOT NULL,
    file_url TEXT,
    expires_at INTEGER NOT NULL DEFAULT 0
);
INSERT INTO gdpr_requests_new (id, request_id, action, user_id, user_ids, channel_delete_option, status, created_at, file_url, expires_at)
SELECT id, request_id, action, user_id, user_ids, channel_delete_option, status, created_at, file_url, expires_at FROM gdpr_requests;
DROP TABLE gdpr_requests;
ALTER TABLE gdpr_requests_new RENAME TO gdpr_requests;
