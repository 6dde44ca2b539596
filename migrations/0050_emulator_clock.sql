-- The emulator's clock as `/roost/clock` last set it: how far it runs from the real time, or
-- the time it stands frozen at. Kept here so that every node serving the database, and every
-- restart, reads one clock. No row until the clock is first changed.
CREATE TABLE emulator_clock (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    offset_ms INTEGER NOT NULL,
    frozen_at INTEGER
);
