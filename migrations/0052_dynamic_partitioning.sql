-- An open channel's `is_dynamic_partitioned`, as its creation gave it: Sendbird answers it back
-- on every view of the channel.
ALTER TABLE channels ADD COLUMN is_dynamic_partitioned INTEGER NOT NULL DEFAULT 0 CHECK (is_dynamic_partitioned IN (0, 1));
