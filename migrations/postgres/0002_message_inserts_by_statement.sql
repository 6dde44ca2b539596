-- A send's batch inserts its messages in one statement (`MessageService.sendAll`). The two
-- triggers that follow a new message (its place in the search queue, and its channel's
-- revision for the kept history pages) ran once a row, each a PL/pgSQL call and, for the
-- revision, an update of the channel row a message: about half of the insert's time for a
-- batch of 35 sends. Run once a statement over its new rows, they leave what the row triggers
-- left: every new message queued, each channel's revision the negative id of its newest.
DROP TRIGGER messages_indexed_on_insert ON messages;
DROP FUNCTION messages_indexed_on_insert_fn();
CREATE FUNCTION messages_indexed_on_insert_fn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO message_search_queue (message_id, was_indexed) SELECT id, 0 FROM inserted ORDER BY id ON CONFLICT DO NOTHING;
    RETURN NULL;
END;
$$;
CREATE TRIGGER messages_indexed_on_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT
EXECUTE FUNCTION messages_indexed_on_insert_fn();

DROP TRIGGER message_revision_on_insert ON messages;
DROP FUNCTION message_revision_on_insert_fn();
CREATE FUNCTION message_revision_on_insert_fn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE channels SET message_revision = -newest.id
    FROM (SELECT channel_id, MAX(id) AS id FROM inserted GROUP BY channel_id) AS newest
    WHERE channels.id = newest.channel_id;
    RETURN NULL;
END;
$$;
CREATE TRIGGER message_revision_on_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT
EXECUTE FUNCTION message_revision_on_insert_fn();
