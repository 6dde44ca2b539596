-- Each channel's view revision: which state of what a channel view shows beside the channel's
-- own row and messages (members and their state, who types, who is muted, operators, metadata,
-- pins). Triggers set it, in the same transaction as the change, to the next value of the
-- counter migration 0038 made, so no value is given twice. A channel view kept in memory
-- (`ChannelViewCache`) is answered only while the channel's row (this revision and its message
-- revision with it) and the users generation are the ones it was built from.
ALTER TABLE channels ADD COLUMN view_revision INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER view_revision_on_members_insert AFTER INSERT ON members
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER view_revision_on_members_delete AFTER DELETE ON members
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = OLD.channel_id;
END;

CREATE TRIGGER view_revision_on_members_update AFTER UPDATE OF state ON members
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER view_revision_on_typing_insert AFTER INSERT ON typing
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER view_revision_on_typing_update AFTER UPDATE ON typing
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER view_revision_on_typing_delete AFTER DELETE ON typing
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = OLD.channel_id;
END;

CREATE TRIGGER view_revision_on_mutes_insert AFTER INSERT ON mutes
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER view_revision_on_mutes_update AFTER UPDATE ON mutes
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER view_revision_on_mutes_delete AFTER DELETE ON mutes
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = OLD.channel_id;
END;

CREATE TRIGGER view_revision_on_operators_insert AFTER INSERT ON operators
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER view_revision_on_operators_delete AFTER DELETE ON operators
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = OLD.channel_id;
END;

CREATE TRIGGER view_revision_on_channel_metadata_insert AFTER INSERT ON channel_metadata
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER view_revision_on_channel_metadata_update AFTER UPDATE ON channel_metadata
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER view_revision_on_channel_metadata_delete AFTER DELETE ON channel_metadata
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = OLD.channel_id;
END;

CREATE TRIGGER view_revision_on_pinned_messages_insert AFTER INSERT ON pinned_messages
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = NEW.channel_id;
END;

CREATE TRIGGER view_revision_on_pinned_messages_delete AFTER DELETE ON pinned_messages
BEGIN
    UPDATE message_revision_counter SET value = value + 1;
    UPDATE channels SET view_revision = (SELECT value FROM message_revision_counter) WHERE id = OLD.channel_id;
END;
