-- A message's `extended_message_payload`: SQLite's 0053.
ALTER TABLE messages ADD COLUMN extended_message_payload text;
