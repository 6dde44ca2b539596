-- Which node (which Roost process) counts each open stream in: SQLite's 0049.
CREATE TABLE nodes (
    id text COLLATE "C" PRIMARY KEY,
    heartbeat_at bigint NOT NULL
);
CREATE TABLE node_streams (
    node_id text COLLATE "C" NOT NULL,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    streams bigint NOT NULL CHECK (streams >= 0),
    PRIMARY KEY (node_id, user_id)
);
CREATE INDEX node_streams_by_user ON node_streams (user_id);
