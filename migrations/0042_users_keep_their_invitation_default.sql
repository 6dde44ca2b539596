-- A user takes the application's default invitation preference as it is when they are
-- created, so changing the default later leaves them as they were (Sendbird's page). Users
-- created before this followed the default as it stood; they keep it as their own now.
UPDATE users SET auto_accept_invitations = (SELECT auto_accept_invitations FROM application WHERE id = 1)
WHERE auto_accept_invitations IS NULL;
