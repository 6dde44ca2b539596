-- Work due later (scheduled messages, announcements, exports, polls that close): the one
-- scheduler runs each job when `due_at` (Unix ms, by Roost's clock) has come, in the same
-- transaction that finishes or reschedules it, so a job runs exactly once even across a
-- crash. `key` names the thing it is for (`scheduled_message:12`), so that a change to that
-- thing can move or cancel its job.
CREATE TABLE scheduled_jobs (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,
    due_at INTEGER NOT NULL,
    payload TEXT NOT NULL DEFAULT '{}',
    attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX scheduled_jobs_by_due ON scheduled_jobs (due_at, id);
