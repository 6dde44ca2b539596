-- The flood limit is counted in the database, so that every node serving it counts the same
-- sends: a sender's messages in a channel stamped within the last second. The sender's index
-- (the foreign key's, 0029) carries the channel and the time for that count.
DROP INDEX messages_by_sender;
CREATE INDEX messages_by_sender ON messages (sender_id, channel_id, created_at) WHERE sender_id IS NOT NULL;

-- The sends that count but that the messages do not show at the time they were sent: those to
-- ephemeral channels, which keep no messages, and those stamped with a time of their own. Each
-- such send deletes the rows older than a second.
CREATE TABLE flood_sends (
    sender_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    sent_at INTEGER NOT NULL
);
CREATE INDEX flood_sends_by_sender ON flood_sends (sender_id, channel_id, sent_at);
CREATE INDEX flood_sends_by_channel ON flood_sends (channel_id);
CREATE INDEX flood_sends_by_time ON flood_sends (sent_at);
