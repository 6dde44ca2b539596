-- How far each outbound feed (webhooks, bot callbacks) has got through the event log: every
-- event up to `delivered_seq` was delivered, skipped or recorded as failed. Webhook progress
-- moves here from webhook_settings.
CREATE TABLE delivery_cursors (
    feed TEXT PRIMARY KEY,
    delivered_seq INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO delivery_cursors (feed, delivered_seq) SELECT 'webhooks', delivered_seq FROM webhook_settings;
ALTER TABLE webhook_settings DROP COLUMN delivered_seq;
