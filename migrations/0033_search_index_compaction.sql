-- A row here while the search index is being compacted (a GDPR deletion rewrites its segments
-- so that no erased message's words stay behind). Meanwhile the search follower indexes
-- nothing: FTS5 starts a merge of every segment over whenever a new segment appears, and a
-- new one after each step made the rewrite go over its own output again and again (6 s at a
-- million messages, with writes behind it held 0.1 to 0.6 s at a time).
CREATE TABLE search_index_compaction (
    id INTEGER PRIMARY KEY CHECK (id = 1)
);
