-- A user who has never connected reads `last_seen_at: -1` (Sendbird's own integration tests
-- create a user and read -1, also after an update that gives `last_seen_at`). New users are
-- stored with -1; a user's first connection makes it 0, their last disconnection its time.
UPDATE users SET last_seen_at = -1 WHERE last_seen_at = 0 AND open_streams = 0;
