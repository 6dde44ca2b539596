-- Rules of Sendbird's iOS guides that need the schema.
--
-- Only the first ten users a message mentions are notified: only their unread mention counts
-- rise (the message still names them all).
ALTER TABLE message_mentions ADD COLUMN notified INTEGER NOT NULL DEFAULT 1 CHECK (notified IN (0, 1));

-- In a 1-on-1 channel, a message withheld from a member (they block its sender) leaves their
-- channel list as it was: the last message they were shown, and when it came, which the order
-- by latest message uses. Both are NULL while nothing is withheld from them.
ALTER TABLE members ADD COLUMN shown_last_message_id INTEGER REFERENCES messages (id) ON DELETE SET NULL;
ALTER TABLE members ADD COLUMN shown_last_message_at INTEGER;
CREATE INDEX members_by_shown_last_message ON members (shown_last_message_id) WHERE shown_last_message_id IS NOT NULL;
