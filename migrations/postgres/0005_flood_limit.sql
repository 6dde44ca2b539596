-- The flood limit is counted in the database: SQLite's 0051.
DROP INDEX messages_by_sender;
CREATE INDEX messages_by_sender ON messages (sender_id, channel_id, created_at) WHERE sender_id IS NOT NULL;

CREATE TABLE flood_sends (
    sender_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    channel_id bigint NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    sent_at bigint NOT NULL
);
CREATE INDEX flood_sends_by_sender ON flood_sends (sender_id, channel_id, sent_at);
CREATE INDEX flood_sends_by_channel ON flood_sends (channel_id);
CREATE INDEX flood_sends_by_time ON flood_sends (sent_at);
