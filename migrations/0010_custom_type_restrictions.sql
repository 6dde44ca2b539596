-- Bans and mutes by channel custom type (`/v3/applications/settings_by_channel_custom_type`):
-- they hold in every channel of that custom type, those made later included.
CREATE TABLE custom_type_restrictions (
    kind TEXT NOT NULL CHECK (kind IN ('ban', 'mute')),
    custom_type TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    description TEXT NOT NULL DEFAULT '',
    start_at INTEGER NOT NULL,
    end_at INTEGER NOT NULL,
    PRIMARY KEY (kind, custom_type, user_id)
) WITHOUT ROWID;
