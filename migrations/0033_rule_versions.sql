-- Versions of what a send checks, so that the checks run on a reader before the write and the
-- write only asks whether anything they read has changed since: one row lookup each instead of
-- a read per rule. The triggers bump them on every change a send's checks or its answer read:
-- a channel's (its settings, members, operators, bans, mutes), a user's (active, nickname,
-- profile image, metadata), and the application's (bans and mutes by custom type, the
-- profanity and domain filters, and any user or channel deleted, whose row id SQLite may give
-- to the next one).
ALTER TABLE channels ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE application ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER channel_rules_on_change AFTER UPDATE OF
    channel_type, name, cover_url, custom_type, data, is_distinct, is_public, is_super, is_ephemeral, is_discoverable,
    access_code, freeze ON channels
BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = NEW.id;
END;

CREATE TRIGGER channel_rules_on_member_insert AFTER INSERT ON members BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = NEW.channel_id;
END;
CREATE TRIGGER channel_rules_on_member_delete AFTER DELETE ON members BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = OLD.channel_id;
END;
CREATE TRIGGER channel_rules_on_member_state AFTER UPDATE OF state ON members BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = NEW.channel_id;
END;

CREATE TRIGGER channel_rules_on_operator_insert AFTER INSERT ON operators BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = NEW.channel_id;
END;
CREATE TRIGGER channel_rules_on_operator_delete AFTER DELETE ON operators BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = OLD.channel_id;
END;

CREATE TRIGGER channel_rules_on_ban_insert AFTER INSERT ON bans BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = NEW.channel_id;
END;
CREATE TRIGGER channel_rules_on_ban_update AFTER UPDATE ON bans BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = NEW.channel_id;
END;
CREATE TRIGGER channel_rules_on_ban_delete AFTER DELETE ON bans BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = OLD.channel_id;
END;

CREATE TRIGGER channel_rules_on_mute_insert AFTER INSERT ON mutes BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = NEW.channel_id;
END;
CREATE TRIGGER channel_rules_on_mute_update AFTER UPDATE ON mutes BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = NEW.channel_id;
END;
CREATE TRIGGER channel_rules_on_mute_delete AFTER DELETE ON mutes BEGIN
    UPDATE channels SET rules_version = rules_version + 1 WHERE id = OLD.channel_id;
END;

CREATE TRIGGER user_rules_on_change AFTER UPDATE OF is_active, nickname, profile_url ON users BEGIN
    UPDATE users SET rules_version = rules_version + 1 WHERE id = NEW.id;
END;
CREATE TRIGGER user_rules_on_metadata_insert AFTER INSERT ON user_metadata BEGIN
    UPDATE users SET rules_version = rules_version + 1 WHERE id = NEW.user_id;
END;
CREATE TRIGGER user_rules_on_metadata_update AFTER UPDATE ON user_metadata BEGIN
    UPDATE users SET rules_version = rules_version + 1 WHERE id = NEW.user_id;
END;
CREATE TRIGGER user_rules_on_metadata_delete AFTER DELETE ON user_metadata BEGIN
    UPDATE users SET rules_version = rules_version + 1 WHERE id = OLD.user_id;
END;

CREATE TRIGGER application_rules_on_user_delete AFTER DELETE ON users BEGIN
    UPDATE application SET rules_version = rules_version + 1;
END;
CREATE TRIGGER application_rules_on_channel_delete AFTER DELETE ON channels BEGIN
    UPDATE application SET rules_version = rules_version + 1;
END;
CREATE TRIGGER application_rules_on_restriction_insert AFTER INSERT ON custom_type_restrictions BEGIN
    UPDATE application SET rules_version = rules_version + 1;
END;
CREATE TRIGGER application_rules_on_restriction_update AFTER UPDATE ON custom_type_restrictions BEGIN
    UPDATE application SET rules_version = rules_version + 1;
END;
CREATE TRIGGER application_rules_on_restriction_delete AFTER DELETE ON custom_type_restrictions BEGIN
    UPDATE application SET rules_version = rules_version + 1;
END;
CREATE TRIGGER application_rules_on_filter_insert AFTER INSERT ON moderation_settings BEGIN
    UPDATE application SET rules_version = rules_version + 1;
END;
CREATE TRIGGER application_rules_on_filter_update AFTER UPDATE ON moderation_settings BEGIN
    UPDATE application SET rules_version = rules_version + 1;
END;
CREATE TRIGGER application_rules_on_filter_delete AFTER DELETE ON moderation_settings BEGIN
    UPDATE application SET rules_version = rules_version + 1;
END;
