-- A member who leaves a group channel (or is banned from it, or removed in any other way)
-- takes their pending scheduled messages there with them: Sendbird's "create a scheduled
-- message" page says they are removed. A removed message's job finds nothing when it falls due.
CREATE TRIGGER scheduled_messages_leave_with_their_sender AFTER DELETE ON members
BEGIN
    DELETE FROM scheduled_messages
    WHERE sender_id = OLD.user_id AND channel_id = OLD.channel_id AND status = 'pending';
END;
