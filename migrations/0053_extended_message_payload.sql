-- A message's `extended_message_payload` (suggested replies, a custom view) as JSON, as a bot's
-- send gave it; NULL for the rest.
ALTER TABLE messages ADD COLUMN extended_message_payload TEXT;
