-- Indexes for the columns that point at users, messages and channels. When a parent row is
-- deleted, SQLite finds its children through the child column (to cascade or set NULL); with
-- no index there it scanned the whole child table while holding the writer: deleting one user
-- read every message (`messages.sender_id`), and each deleted message read every membership
-- (`members.own_last_message_id`). A GDPR erasure also finds a user's messages by sender.
CREATE INDEX messages_by_sender ON messages (sender_id) WHERE sender_id IS NOT NULL;
CREATE INDEX members_by_own_last_message ON members (own_last_message_id) WHERE own_last_message_id IS NOT NULL;
CREATE INDEX members_by_inviter ON members (inviter_id) WHERE inviter_id IS NOT NULL;
CREATE INDEX channels_by_creator ON channels (created_by) WHERE created_by IS NOT NULL;
CREATE INDEX message_mentions_by_user ON message_mentions (user_id);
CREATE INDEX reactions_by_user ON reactions (user_id);
CREATE INDEX undelivered_messages_by_message ON undelivered_messages (message_id);
CREATE INDEX participants_by_user ON participants (user_id);
CREATE INDEX user_activity_by_user ON user_activity (user_id);
CREATE INDEX announcement_targets_by_channel ON announcement_targets (channel_id);
