-- Bots: users with a callback URL (`/v3/bots`). The bot's nickname, profile URL and metadata
-- are its user's; `created_at` is in seconds, as Sendbird answers it.
CREATE TABLE bots (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    bot_type TEXT NOT NULL,
    bot_token TEXT NOT NULL,
    callback_url TEXT NOT NULL,
    is_privacy_mode INTEGER NOT NULL,
    enable_mark_as_read INTEGER NOT NULL,
    show_member INTEGER NOT NULL,
    channel_invitation_preference INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
