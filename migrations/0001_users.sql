-- The application itself: a single row holding the generated master API token and the
-- application-wide default channel invitation preference.
CREATE TABLE application (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    api_token TEXT NOT NULL,
    auto_accept_invitations INTEGER NOT NULL DEFAULT 1
);

-- Users get a small integer key for the tables that reference them; user_id is the
-- Sendbird id, compared case-sensitively and stored exactly as given.
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL UNIQUE,
    nickname TEXT NOT NULL,
    profile_url TEXT NOT NULL,
    access_token TEXT,
    is_active INTEGER NOT NULL DEFAULT 1,
    last_seen_at INTEGER NOT NULL DEFAULT 0,
    discovery_keys TEXT NOT NULL DEFAULT '[]',
    preferred_languages TEXT NOT NULL DEFAULT '[]',
    -- NULL follows the application default.
    auto_accept_invitations INTEGER,
    created_at INTEGER NOT NULL
);

CREATE INDEX users_by_nickname ON users (nickname);

CREATE TABLE user_metadata (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
) WITHOUT ROWID;

CREATE INDEX user_metadata_by_key_value ON user_metadata (key, value);

-- Session tokens issued through PUT /v3/users/{user_id} (issue_session_token); Sendbird
-- lists them in the user's session_tokens.
CREATE TABLE session_tokens (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_token TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, session_token)
) WITHOUT ROWID;
