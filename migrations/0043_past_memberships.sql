-- Who belonged to a channel before: a user's own event stream carries a channel's events
-- from while they belonged to it, also after they left, were banned or the channel was
-- deleted (a stream resumed after that must not lose them). A past membership covers the
-- events from `since` (the member's invitation or join time, or a participant's entry)
-- through `until_seq`, the last event logged before it ended.
CREATE TABLE past_memberships (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    channel_url TEXT NOT NULL,
    since INTEGER NOT NULL,
    until_seq INTEGER NOT NULL
);
CREATE INDEX past_memberships_by_user ON past_memberships (user_id, channel_url);
CREATE INDEX past_memberships_by_end ON past_memberships (until_seq);

-- A member or participant removed while their channel stays. Inside a channel's own deletion
-- the channel row is already gone here, and the trigger below has recorded them.
CREATE TRIGGER past_memberships_of_members AFTER DELETE ON members
BEGIN
    INSERT INTO past_memberships (user_id, channel_url, since, until_seq)
    SELECT OLD.user_id, c.channel_url, CASE WHEN OLD.invited_at > 0 THEN OLD.invited_at ELSE OLD.joined_at END,
        (SELECT COALESCE(MAX(seq), 0) FROM events)
    FROM channels c WHERE c.id = OLD.channel_id AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id);
END;

CREATE TRIGGER past_memberships_of_participants AFTER DELETE ON participants
BEGIN
    INSERT INTO past_memberships (user_id, channel_url, since, until_seq)
    SELECT OLD.user_id, c.channel_url, OLD.entered_at, (SELECT COALESCE(MAX(seq), 0) FROM events)
    FROM channels c WHERE c.id = OLD.channel_id AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id);
END;

CREATE TRIGGER past_memberships_of_a_deleted_channel BEFORE DELETE ON channels
BEGIN
    INSERT INTO past_memberships (user_id, channel_url, since, until_seq)
    SELECT m.user_id, OLD.channel_url, CASE WHEN m.invited_at > 0 THEN m.invited_at ELSE m.joined_at END,
        (SELECT COALESCE(MAX(seq), 0) FROM events)
    FROM members m WHERE m.channel_id = OLD.id;
    INSERT INTO past_memberships (user_id, channel_url, since, until_seq)
    SELECT p.user_id, OLD.channel_url, p.entered_at, (SELECT COALESCE(MAX(seq), 0) FROM events)
    FROM participants p WHERE p.channel_id = OLD.id;
END;
