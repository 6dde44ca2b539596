-- Who hears an event on their own stream. Until now every member of the event's channel did
-- (from when they joined or were invited), and so did each user it concerns. Roost's own
-- stream events narrow that: some go only to the users they concern (a member hiding a
-- channel), and some are kept from users they concern (their own typing) or who would not be
-- told (a 1-on-1 message from someone they block).
ALTER TABLE events ADD COLUMN audience TEXT NOT NULL DEFAULT 'members' CHECK (audience IN ('members', 'concerned'));
ALTER TABLE event_users ADD COLUMN excluded INTEGER NOT NULL DEFAULT 0 CHECK (excluded IN (0, 1));
