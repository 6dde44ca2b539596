-- The application's emojis, in categories (`/v3/emoji_categories`, `/v3/emojis`). Sendbird's
-- seven default emojis are a category of their own (`is_default`), there while
-- `use_default_emoji` is on. While the application has any emoji, a reaction must use one
-- of their keys.
CREATE TABLE emoji_categories (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    url TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE emojis (
    id INTEGER PRIMARY KEY,
    category_id INTEGER NOT NULL REFERENCES emoji_categories (id) ON DELETE CASCADE,
    key TEXT NOT NULL UNIQUE,
    url TEXT NOT NULL
);
CREATE INDEX emojis_by_category ON emojis (category_id, id);
