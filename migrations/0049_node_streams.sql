-- Which node (which Roost process) counts each open stream in. A user is online while any node
-- has a stream of theirs open, a node that stops without a word has its streams counted out
-- once its heartbeat is old, and a node's start no longer counts out the streams of others
-- on the same database.
CREATE TABLE nodes (
    id TEXT PRIMARY KEY,
    heartbeat_at INTEGER NOT NULL
);
CREATE TABLE node_streams (
    node_id TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    streams INTEGER NOT NULL CHECK (streams >= 0),
    PRIMARY KEY (node_id, user_id)
);
CREATE INDEX node_streams_by_user ON node_streams (user_id);
