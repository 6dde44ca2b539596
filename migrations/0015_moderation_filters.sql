-- The profanity and domain filters, by channel custom type: the settings object as Sendbird
-- answers it, as JSON.
CREATE TABLE moderation_settings (
    custom_type TEXT PRIMARY KEY,
    settings TEXT NOT NULL
) WITHOUT ROWID;

-- Messages whose text the profanity filter replaced, with the text as sent.
CREATE TABLE moderated_messages (
    message_id INTEGER PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    original TEXT NOT NULL,
    replaced TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
