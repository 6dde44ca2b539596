-- What the statistics routes count. Days are UTC days since 1970.
-- A user is active on a day they send a message, mark a channel read or open their own event
-- stream; `viewed` when they marked something read (the analytics' message viewers).
CREATE TABLE user_activity (
    day INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    viewed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, user_id)
) WITHOUT ROWID;

-- The most user event streams (Roost's connections) open at once on each day.
CREATE TABLE connection_peaks (
    day INTEGER PRIMARY KEY,
    peak INTEGER NOT NULL
);

-- Users deactivated and deleted each day, which no other table remembers.
CREATE TABLE user_departures (
    day INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('deactivated', 'deleted')),
    count INTEGER NOT NULL,
    PRIMARY KEY (day, kind)
) WITHOUT ROWID;
