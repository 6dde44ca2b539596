-- An open channel's `is_dynamic_partitioned`: SQLite's 0052.
ALTER TABLE channels ADD COLUMN is_dynamic_partitioned bigint NOT NULL DEFAULT 0 CHECK (is_dynamic_partitioned IN (0, 1));
