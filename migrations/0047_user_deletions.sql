-- A user deleted with many messages leaves every client's sight in one brief write, and their
-- messages lose their sender afterwards, a batch per write (`UserDeletion`), so that the one
-- writer is never held for long. Until the last batch the row stays, marked here, under a user
-- id no request can name, with nothing of its own but the messages it still sent.
ALTER TABLE users ADD COLUMN deleted_at INTEGER;

-- Few rows at any time: what readers look up to leave those users out.
CREATE INDEX users_being_deleted ON users (deleted_at) WHERE deleted_at IS NOT NULL;
