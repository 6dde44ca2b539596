-- Data exports (`/v3/export/{data_type}`) and GDPR requests (`/v3/privacy/gdpr`), run by the
-- scheduler; their files live with the uploads until `expires_at` (Unix ms), when a job
-- removes them. `request` / `user_ids` hold what was asked, as JSON.
CREATE TABLE data_exports (
    id INTEGER PRIMARY KEY,
    request_id TEXT NOT NULL UNIQUE,
    data_type TEXT NOT NULL CHECK (data_type IN ('messages', 'channels', 'users', 'failed_webhooks')),
    request TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    file_url TEXT,
    expires_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX data_exports_by_type ON data_exports (data_type, id);

CREATE TABLE gdpr_requests (
    id INTEGER PRIMARY KEY,
    request_id TEXT NOT NULL UNIQUE,
    action TEXT NOT NULL CHECK (action IN ('access', 'delete')),
    user_id TEXT NOT NULL DEFAULT '',
    user_ids TEXT NOT NULL DEFAULT '[]',
    channel_delete_option TEXT NOT NULL DEFAULT 'do_not_delete',
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    file_url TEXT,
    expires_at INTEGER NOT NULL DEFAULT 0
);
