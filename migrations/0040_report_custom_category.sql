-- Reports may give a category of their own: `report_category` 'custom' with its name in
-- `custom_report_category_name` (at most 50 characters), as Sendbird's report pages allow.
-- SQLite changes a CHECK constraint only by rebuilding the table; nothing refers to reports.
CREATE TABLE reports_new (
    id INTEGER PRIMARY KEY,
    report_type TEXT NOT NULL CHECK (report_type IN ('message', 'user', 'channel')),
    report_category TEXT NOT NULL CHECK (report_category IN ('suspicious', 'harassing', 'inappropriate', 'spam', 'custom')),
    custom_report_category_name TEXT CHECK ((report_category = 'custom') = (custom_report_category_name IS NOT NULL)),
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
INSERT INTO reports_new (
    id, report_type, report_category, report_description, channel_type, channel_url, message_id, offending_user_id,
    reporting_user, offending_user, reported_message, channel, created_at
)
SELECT
    id, report_type, report_category, report_description, channel_type, channel_url, message_id, offending_user_id,
    reporting_user, offending_user, reported_message, channel, created_at
FROM reports;
DROP TABLE reports;
ALTER TABLE reports_new RENAME TO reports;

CREATE INDEX reports_by_time ON reports (created_at, id);
CREATE INDEX reports_by_message ON reports (channel_url, message_id, id) WHERE message_id IS NOT NULL;
CREATE INDEX reports_by_offending_user ON reports (offending_user_id, id) WHERE offending_user_id IS NOT NULL;
CREATE INDEX reports_by_channel ON reports (channel_url, id) WHERE channel_url IS NOT NULL;
