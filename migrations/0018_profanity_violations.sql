-- Messages the profanity filter replaced or blocked, by sender and channel, for
-- profanity-triggered moderation: counted within its window, pruned as they age out of it,
-- cleared when a penalty is imposed.
CREATE TABLE profanity_violations (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    at INTEGER NOT NULL
);
CREATE INDEX profanity_violations_by_sender ON profanity_violations (channel_id, user_id, at);
