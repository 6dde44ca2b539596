/// The nodes (Roost processes) serving the database, and the streams each counts in: a user's
/// `open_streams` is the sum of their streams on every node, so that what a node counted in is
/// counted out again when it stops, however it stops, and by no one else's start. Every
/// method runs inside the caller's transaction.
struct NodeRepository: Sendable {
    /// The node is alive at `time` (by the nodes' own clocks, not the emulator's).
    func beat(_ node: String, at time: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "INSERT INTO nodes (id, heartbeat_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at",
            arguments: [node, time]
        )
    }

    /// A user's own stream opened on `node` (the user has now logged in).
    func streamOpened(on node: String, byRow userRowID: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE users SET open_streams = open_streams + 1, has_ever_logged_in = 1 WHERE id = ?", arguments: [userRowID]
        )
        try db.executeCached(
            sql: """
                INSERT INTO node_streams (node_id, user_id, streams) VALUES (?, ?, 1)
                ON CONFLICT (node_id, user_id) DO UPDATE SET streams = node_streams.streams + 1
                """,
            arguments: [node, userRowID]
        )
    }

    /// A user's stream on `node` closed at `now`: the last one to close sets `last_seen_at`.
    /// One the node no longer counts (counted out when the node stopped, or was taken for
    /// silent) is not counted out a second time.
    func streamClosed(on node: String, byRow userRowID: Int64, at now: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE users SET open_streams = MAX(open_streams - 1, 0),
                    last_seen_at = CASE WHEN open_streams <= 1 THEN :now ELSE last_seen_at END
                WHERE id = :user AND EXISTS (SELECT 1 FROM node_streams WHERE node_id = :node AND user_id = :user AND streams > 0)
                """,
            arguments: ["now": now, "user": userRowID, "node": node]
        )
        try db.executeCached(
            sql: "UPDATE node_streams SET streams = streams - 1 WHERE node_id = ? AND user_id = ? AND streams > 0",
            arguments: [node, userRowID]
        )
    }

    /// Counts out every stream of the nodes other than `node` that are gone: those whose last
    /// heartbeat came before `cutoff`, or that never beat (a restored snapshot's), and forgets
    /// them. Then counts out what no node counts in (streams left counted before nodes were).
    /// Users counted out of their last stream were last seen at `now`.
    func countOutNodes(otherThan node: String, beatBefore cutoff: Int64, at now: Int64, in db: Database) throws {
        try countOutStreams(
            where: "node_id <> :node AND NOT EXISTS (SELECT 1 FROM nodes WHERE nodes.id = node_streams.node_id AND nodes.heartbeat_at >= :cutoff)",
            ["node": node, "cutoff": cutoff], at: now, in: db
        )
        try db.executeCached(sql: "DELETE FROM nodes WHERE id <> :node AND heartbeat_at < :cutoff", arguments: ["node": node, "cutoff": cutoff])
        try db.executeCached(
            sql: """
                UPDATE users SET open_streams = 0, last_seen_at = ?
                WHERE open_streams > 0 AND NOT EXISTS (SELECT 1 FROM node_streams WHERE node_streams.user_id = users.id AND streams > 0)
                """,
            arguments: [now]
        )
    }

    /// The node stops: its streams are counted out, and it is forgotten.
    func leave(_ node: String, at now: Int64, in db: Database) throws {
        try countOutStreams(where: "node_id = :node", ["node": node], at: now, in: db)
        try db.executeCached(sql: "DELETE FROM nodes WHERE id = ?", arguments: [node])
    }

    /// Counts out the streams of the rows of `node_streams` that `condition` picks (users left
    /// with none were last seen at `now`), and forgets those rows.
    private func countOutStreams(where condition: String, _ arguments: StatementArguments, at now: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE users SET open_streams = MAX(open_streams - gone.streams, 0),
                    last_seen_at = CASE WHEN open_streams <= gone.streams THEN :now ELSE last_seen_at END
                FROM (SELECT user_id, CAST(SUM(streams) AS BIGINT) AS streams FROM node_streams WHERE \(condition) GROUP BY user_id) AS gone
                WHERE users.id = gone.user_id AND gone.streams > 0
                """,
            arguments: arguments + ["now": now]
        )
        try db.executeCached(sql: "DELETE FROM node_streams WHERE \(condition)", arguments: arguments)
    }
}
