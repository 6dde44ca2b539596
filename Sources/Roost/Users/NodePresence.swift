import ServiceLifecycle

/// This node's part in users' presence (`NodeRepository`). At start it counts out the streams
/// of the nodes that are gone: on SQLite every other one, the file being this process's alone;
/// on PostgreSQL those whose heartbeat is older than `staleAfter`. While it serves on
/// PostgreSQL, it beats every `beatInterval`, and the node that holds the duty counts out the
/// streams of nodes that stopped beating. When it stops, it counts out its own.
struct NodePresence: Service, CustomStringConvertible {
    /// How the service group names it (see `DatabaseService.description`).
    var description: String { "NodePresence" }

    static let beatInterval: Duration = .seconds(10)
    /// A node silent this long has died: its users are counted out of its streams.
    static let staleAfter: Duration = .seconds(30)
    /// The last heartbeat of a node still alive at `time`, at the earliest.
    private static func staleBefore(_ time: Int64) -> Int64 { time - staleAfter.nanoseconds / 1_000_000 }

    let database: AppDatabase
    /// The time of heartbeats: the machines' own, shared by the nodes, never the emulator's.
    let heartbeats: WallClock
    /// The time of `last_seen_at`.
    let clock: WallClock
    private let nodes = NodeRepository()

    init(database: AppDatabase, heartbeats: WallClock, clock: WallClock) {
        self.database = database
        self.heartbeats = heartbeats
        self.clock = clock
    }

    /// Joins the nodes, before anything is served.
    func start() async throws {
        let beat = heartbeats.now
        let cutoff = database.mayHaveOtherNodes ? Self.staleBefore(beat) : .max
        try await write { db, node, now in
            try nodes.beat(node, at: beat, in: db)
            try nodes.countOutNodes(otherThan: node, beatBefore: cutoff, at: now, in: db)
        }
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            guard database.mayHaveOtherNodes else {
                try? await gracefulShutdown()
                return
            }
            await withDiscardingTaskGroup { group in
                group.addTask {
                    while (try? await Task.sleep(for: Self.beatInterval)) != nil {
                        let beat = heartbeats.now
                        try? await write { db, node, _ in try nodes.beat(node, at: beat, in: db) }
                    }
                }
                group.addTask {
                    await database.whileHolding("presence") {
                        while (try? await Task.sleep(for: Self.beatInterval)) != nil {
                            try? await countOutSilentNodes()
                        }
                    }
                }
            }
        }
        try? await write { db, node, now in try nodes.leave(node, at: now, in: db) }
    }

    /// Counts out the streams of the nodes that have not beaten for `staleAfter`.
    func countOutSilentNodes() async throws {
        let cutoff = Self.staleBefore(heartbeats.now)
        try await write { db, node, now in try nodes.countOutNodes(otherThan: node, beatBefore: cutoff, at: now, in: db) }
    }

    private func write(_ changes: @escaping @Sendable (Database, String, Int64) throws -> Void) async throws {
        let (node, now) = (database.node, clock.now)
        try await database.write { db in try changes(db, node, now) }
    }
}
