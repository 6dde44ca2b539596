-- Polls (`/v3/polls`): created on their own, then sent in a group channel as a user
-- message's `poll_id`. Times in Unix seconds, as Sendbird's answers give them; `close_at`
-- -1 for a poll that never closes by itself (a `poll_close` job closes one that does).
CREATE TABLE polls (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    allow_user_suggestion INTEGER NOT NULL DEFAULT 0,
    allow_multiple_votes INTEGER NOT NULL DEFAULT 0,
    close_at INTEGER NOT NULL DEFAULT -1,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL DEFAULT 0,
    message_id INTEGER REFERENCES messages (id) ON DELETE SET NULL,
    channel_id INTEGER REFERENCES channels (id) ON DELETE CASCADE
);
CREATE INDEX polls_by_channel ON polls (channel_id, id) WHERE channel_id IS NOT NULL;
CREATE INDEX polls_by_message ON polls (message_id) WHERE message_id IS NOT NULL;

CREATE TABLE poll_options (
    id INTEGER PRIMARY KEY,
    poll_id INTEGER NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX poll_options_by_poll ON poll_options (poll_id, id);

-- Who voted for which option; a vote goes with its option, its poll and its voter.
CREATE TABLE poll_votes (
    option_id INTEGER NOT NULL REFERENCES poll_options (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    poll_id INTEGER NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    voted_at INTEGER NOT NULL,
    PRIMARY KEY (option_id, user_id)
) WITHOUT ROWID;
CREATE INDEX poll_votes_by_voter ON poll_votes (poll_id, user_id);
CREATE INDEX poll_votes_by_user ON poll_votes (user_id);

-- The poll a user message carries; cleared when the poll is deleted.
ALTER TABLE messages ADD COLUMN poll_id INTEGER;
