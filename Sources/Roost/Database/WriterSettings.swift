/// How Roost's SQLite connections are set up, in one place: `AppDatabase` runs these pragmas
/// on every connection it opens, and `roost sqlite-settings` prints them, so that bench/run's
/// floor of a send runs SQLite exactly as the writer does. The journal mode (WAL), foreign keys
/// and the busy timeout are GRDB's own settings; they are listed too, as the connection ends up
/// with them.
public struct WriterSettings: Sendable, Encodable {
    /// Pragma statements, in the order they run.
    public let pragmas: [String]
    /// The `Checkpointer` beside the writer: how long after a commit it copies the log back,
    /// with a passive checkpoint on a connection of its own.
    public let checkpointDelayMilliseconds: Int

    /// The log's length, in pages, at which the writer copies it back itself (SQLite's
    /// automatic checkpoint), when the `Checkpointer` has not kept it shorter.
    static let writerCheckpointPages = 16_000
    static let busyTimeoutSeconds = 5

    public init(durability: Durability) {
        pragmasRunByRoost = [
            "PRAGMA synchronous = \(durability == .full ? "FULL" : "NORMAL")",
            // The `Checkpointer` copies the log back beside the writer; the writer does it
            // itself only when the log has grown to 64 MB all the same.
            "PRAGMA wal_autocheckpoint = \(Self.writerCheckpointPages)",
            // Each write of a group commit runs in a savepoint, and the pages a savepoint first
            // changes are copied to a statement journal; past 64 KB SQLite spills it to a
            // temporary file, which cost the writer more pwrite calls than the log itself.
            "PRAGMA temp_store = MEMORY",
        ]
        pragmas = [
            "PRAGMA journal_mode = WAL",
            "PRAGMA foreign_keys = ON",
            "PRAGMA busy_timeout = \(Self.busyTimeoutSeconds * 1000)",
        ] + pragmasRunByRoost
        checkpointDelayMilliseconds = Checkpointer.delayMilliseconds
    }

    /// The settings as one line of JSON, written by the server's one encoder.
    public func json() throws -> String {
        String(decoding: try JSON.encoder.encode(self), as: UTF8.self)
    }

    /// The pragmas GRDB does not set itself: what `AppDatabase` runs on each new connection.
    let pragmasRunByRoost: [String]

    enum CodingKeys: String, CodingKey {
        case pragmas
        case checkpointDelayMilliseconds = "checkpoint_delay_ms"
    }
}
