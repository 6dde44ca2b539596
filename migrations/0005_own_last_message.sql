-- A silent message becomes the channel's last message for its sender only: the newest one
-- each member sent silently, shown to them when it is newer than the channel's own.
ALTER TABLE members ADD COLUMN own_last_message_id INTEGER REFERENCES messages (id) ON DELETE SET NULL;
