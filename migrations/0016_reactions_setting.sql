-- Whether members may add reactions (`PUT /v3/applications/settings/reactions`). Roost starts
-- with them on, so that an application works as it did before the setting existed.
ALTER TABLE application ADD COLUMN reactions_enabled INTEGER NOT NULL DEFAULT 1;
