-- Each channel's message revision: which state of its messages a history page shows. Every
-- change to what a page of the channel's messages shows sets it, in the same transaction, to
-- a value no channel has had before: a new message's id negated (ids are never reused), or the
-- next value of `message_revision_counter` for any other change. A page kept in memory
-- (`HistoryCache`) is answered only while its channel's revision, and the users generation
-- (senders, mentioned users), are the ones it was built at.
--
-- A channel starts at 0 and leaves it with its first message, so every channel at 0 has no
-- messages; the channels already here take their own row ids, which the counter starts above.
ALTER TABLE channels ADD COLUMN message_revision INTEGER NOT NULL DEFAULT 0;
UPDATE channels SET message_revision = id;

CREATE TABLE message_revision_counter (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    value INTEGER NOT NULL
);
INSERT INTO message_revision_counter (id, value) SELECT 1, COALESCE(MAX(id), 0) FROM channels;

-- A send: one statement, on the channel row the send changes anyway.
CREATE TRIGGER message_revision_on_insert AFTER INSERT ON messages
BEGIN
    UPDATE channels SET message_revision = -NEW.id WHERE id = NEW.channel_id;
END;

CREATE TRIGGER message_revision_on_update AFTER UPDATE ON messages
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET message_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER message_revision_on_delete AFTER DELETE ON messages
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET message_revision = (SELECT value FROM message_revision_counter) WHERE id = OLD.channel_id;
END;

-- Reactions and mentions show in a message; operators show as its sender's role.
CREATE TRIGGER message_revision_on_reaction_insert AFTER INSERT ON reactions
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET message_revision = (SELECT value FROM message_revision_counter)
    WHERE id = (SELECT channel_id FROM messages WHERE id = NEW.message_id);
END;

CREATE TRIGGER message_revision_on_reaction_update AFTER UPDATE ON reactions
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET message_revision = (SELECT value FROM message_revision_counter)
    WHERE id = (SELECT channel_id FROM messages WHERE id = NEW.message_id);
END;

CREATE TRIGGER message_revision_on_reaction_delete AFTER DELETE ON reactions
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET message_revision = (SELECT value FROM message_revision_counter)
    WHERE id = (SELECT channel_id FROM messages WHERE id = OLD.message_id);
END;

CREATE TRIGGER message_revision_on_mention_insert AFTER INSERT ON message_mentions
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET message_revision = (SELECT value FROM message_revision_counter)
    WHERE id = (SELECT channel_id FROM messages WHERE id = NEW.message_id);
END;

CREATE TRIGGER message_revision_on_mention_delete AFTER DELETE ON message_mentions
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET message_revision = (SELECT value FROM message_revision_counter)
    WHERE id = (SELECT channel_id FROM messages WHERE id = OLD.message_id);
END;

CREATE TRIGGER message_revision_on_operator_insert AFTER INSERT ON operators
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET message_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER message_revision_on_operator_delete AFTER DELETE ON operators
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET message_revision = (SELECT value FROM message_revision_counter) WHERE id = OLD.channel_id;
END;
