-- Which admin messages Roost posts by itself in group channels when members join or leave
-- and channels are created or changed (`settings/auto_event_message`); all off at first.
ALTER TABLE application ADD COLUMN auto_event_message TEXT NOT NULL DEFAULT '[]';
