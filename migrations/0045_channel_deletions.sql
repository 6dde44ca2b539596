-- A channel deleted with many messages leaves every client's sight in one brief write, and its
-- messages go afterwards, a batch per write (`ChannelDeletion`), so that the one writer is never
-- held for seconds. Until its last batch the row stays, marked here, under a URL no request can
-- name, with no members, participants or other rows of its own but its messages.
ALTER TABLE channels ADD COLUMN deleted_at INTEGER;
