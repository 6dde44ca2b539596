-- A counter that every change to what a user's summary shows (its columns below, its
-- metadata, the user's deletion) bumps in the same transaction. A reader compares the value
-- its snapshot sees with the one that summaries kept in memory were read at, so those
-- summaries are used only while they are exact. A user's creation does not bump it: a new
-- row id was in no summary, and a reused one was freed by a deletion, which did.
CREATE TABLE generations (
    name TEXT PRIMARY KEY CHECK (name IN ('users')),
    value INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO generations (name, value) VALUES ('users', 0);

CREATE TRIGGER users_generation_on_update AFTER UPDATE OF user_id, nickname, profile_url, is_active, last_seen_at, open_streams ON users
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.nickname IS NOT NEW.nickname OR OLD.profile_url IS NOT NEW.profile_url
    OR OLD.is_active IS NOT NEW.is_active OR OLD.last_seen_at IS NOT NEW.last_seen_at
    OR (OLD.open_streams > 0) IS NOT (NEW.open_streams > 0)
BEGIN
    UPDATE generations SET value = value + 1 WHERE name = 'users';
END;

CREATE TRIGGER users_generation_on_delete AFTER DELETE ON users
BEGIN
    UPDATE generations SET value = value + 1 WHERE name = 'users';
END;

CREATE TRIGGER users_generation_on_metadata_insert AFTER INSERT ON user_metadata
BEGIN
    UPDATE generations SET value = value + 1 WHERE name = 'users';
END;

CREATE TRIGGER users_generation_on_metadata_update AFTER UPDATE ON user_metadata
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.key IS NOT NEW.key OR OLD.value IS NOT NEW.value
BEGIN
    UPDATE generations SET value = value + 1 WHERE name = 'users';
END;

CREATE TRIGGER users_generation_on_metadata_delete AFTER DELETE ON user_metadata
BEGIN
    UPDATE generations SET value = value + 1 WHERE name = 'users';
END;
