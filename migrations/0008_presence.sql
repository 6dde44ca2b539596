-- How many of a user's own event streams are open: while any is, the user is online.
ALTER TABLE users ADD COLUMN open_streams INTEGER NOT NULL DEFAULT 0;
