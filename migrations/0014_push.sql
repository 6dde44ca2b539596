-- Push device tokens: a token of a type belongs to one user at a time (registering it for
-- another user moves it); a user keeps at most 20 of each type, the oldest going first.
CREATE TABLE device_tokens (
    token_type TEXT NOT NULL CHECK (token_type IN ('gcm', 'huawei', 'apns')),
    token TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (token_type, token)
) WITHOUT ROWID;
CREATE INDEX device_tokens_by_user ON device_tokens (user_id, token_type, created_at);

-- A user's push preferences; a user without a row has the defaults.
CREATE TABLE push_preferences (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    push_trigger_option TEXT NOT NULL DEFAULT 'all' CHECK (push_trigger_option IN ('all', 'mention_only', 'off')),
    do_not_disturb INTEGER NOT NULL DEFAULT 0,
    start_hour INTEGER NOT NULL DEFAULT 0,
    start_min INTEGER NOT NULL DEFAULT 0,
    end_hour INTEGER NOT NULL DEFAULT 0,
    end_min INTEGER NOT NULL DEFAULT 0,
    timezone TEXT NOT NULL DEFAULT 'UTC',
    snooze_enabled INTEGER NOT NULL DEFAULT 0,
    snooze_start_ts INTEGER NOT NULL DEFAULT 0,
    snooze_end_ts INTEGER NOT NULL DEFAULT 0,
    push_sound TEXT NOT NULL DEFAULT 'default',
    block_push_from_bots INTEGER NOT NULL DEFAULT 0,
    push_blocked_bot_ids TEXT NOT NULL DEFAULT '[]',
    enable_push_for_replies INTEGER NOT NULL DEFAULT 0,
    template TEXT NOT NULL DEFAULT 'default' CHECK (template IN ('default', 'alternative'))
);

-- A member's push preference for one group channel; none means the channel follows the user's.
CREATE TABLE channel_push_preferences (
    channel_id INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    push_trigger_option TEXT NOT NULL DEFAULT 'default' CHECK (push_trigger_option IN ('default', 'all', 'mention_only', 'off')),
    push_sound TEXT NOT NULL DEFAULT 'default',
    PRIMARY KEY (channel_id, user_id)
) WITHOUT ROWID;
