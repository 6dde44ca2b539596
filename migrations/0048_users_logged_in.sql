-- Whether a user has ever connected (opened their own stream), apart from `last_seen_at`,
-- which an update may now set for a user who never did (Sendbird's Update a user page). A
-- user who has a time or an open stream has connected; before this migration only a
-- connection gave a time.
ALTER TABLE users ADD COLUMN has_ever_logged_in INTEGER NOT NULL DEFAULT 0 CHECK (has_ever_logged_in IN (0, 1));
UPDATE users SET has_ever_logged_in = 1 WHERE last_seen_at >= 0 OR open_streams > 0;
