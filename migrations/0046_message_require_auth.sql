-- A file message's `require_auth`, as its sender set it (Sendbird's send page): whether its
-- file is meant for the uploader and the channel's members only. Roost keeps and shows it; it
-- serves uploaded files without a key either way.
ALTER TABLE messages ADD COLUMN require_auth INTEGER NOT NULL DEFAULT 0 CHECK (require_auth IN (0, 1));
