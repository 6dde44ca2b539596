-- A send's `send_push`, when the request gave one (NULL follows the message type: pushes for
-- user and file messages, none for admin messages). The push outbox follows the event log
-- after the send commits, and reads it from here.
ALTER TABLE messages ADD COLUMN send_push INTEGER;
