-- Unread counts without a write per member per message. A group channel counts the messages
-- that make members' counts rise (`counted_messages`: not silent, not thread replies, sent
-- through the API); a member's unread count is that number less their `unread_base`. A send
-- then changes one channel row, not one row per member: the sender's base, and that of a
-- member the message is withheld from, rise with it, so their counts stay as they were;
-- reading a channel sets the base from the messages after the read. Joining starts a count at
-- zero. A member whose count preference leaves messages out answers 0.
ALTER TABLE channels ADD COLUMN counted_messages INTEGER NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN unread_base INTEGER NOT NULL DEFAULT 0;

-- Every channel starts at zero, so a member's base is minus the count they had.
UPDATE members SET unread_base = -unread_message_count WHERE unread_message_count != 0;
ALTER TABLE members DROP COLUMN unread_message_count;

CREATE TRIGGER members_unread_from_join AFTER INSERT ON members WHEN NEW.state = 'joined' BEGIN
    UPDATE members SET unread_base = (SELECT counted_messages FROM channels WHERE id = NEW.channel_id)
    WHERE channel_id = NEW.channel_id AND user_id = NEW.user_id;
END;

CREATE TRIGGER members_unread_from_accepting AFTER UPDATE OF state ON members
WHEN OLD.state IS NOT 'joined' AND NEW.state = 'joined' BEGIN
    UPDATE members SET unread_base = (SELECT counted_messages FROM channels WHERE id = NEW.channel_id)
    WHERE channel_id = NEW.channel_id AND user_id = NEW.user_id;
END;
