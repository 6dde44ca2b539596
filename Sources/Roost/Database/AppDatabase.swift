import Foundation
import GRDB
import Logging
import Metrics
import Synchronization

/// Owns the database: holds the one writer (SQLite's, a WAL `DatabasePool` over the file in
/// production, or PostgreSQL's writer connection), applies the migrations, and runs every
/// transaction. Nothing else opens connections.
public final class AppDatabase: Sendable {
    /// The engine below the seam (`docs/storage.md`).
    enum Engine: Sendable {
        case sqlite(any DatabaseWriter)
        case postgres(PostgresEngine)
    }

    let engine: Engine
    private let groupCommit: GroupCommit
    /// Follows `message_search_queue` into the search index, after the writes commit, on the
    /// node that holds `searchDuty`.
    private let searchIndex: Follower
    private let searchDuty: HeldDuty
    private let checkpointer: Checkpointer?
    private let replacements = Atomic<Int>(0)
    /// Rows of `users` and `channels` each commit deleted, for state kept by row id (SQLite
    /// gives a deleted row's id to the next row; both engines tell it, so that memory is let go).
    let deletions: RowDeletions
    /// Whether writes reach the disk, for `/health`.
    let storage: StorageHealth
    /// This node's name among those serving the database: each process (each `AppDatabase`)
    /// is a node of its own.
    let node: String

    /// Whether other nodes may serve the database at the same time: on PostgreSQL; a SQLite
    /// file is this process's alone.
    var mayHaveOtherNodes: Bool {
        if case .postgres = engine { true } else { false }
    }

    /// Opens the database `--database` names: a SQLite file (created when needed), or a
    /// PostgreSQL database by its `postgres://` URL. Either is migrated.
    public convenience init(
        location: String, postgresReaders: Int = Settings.defaults.postgresReaders, durability: Durability = .normal,
        metrics: any MetricsFactory = NOOPMetricsHandler.instance, logger: Logger = Logger(label: "roost")
    ) throws {
        switch try DatabaseLocation(location) {
        case .sqlite(let path):
            try self.init(path: path, durability: durability, metrics: metrics)
        case .postgres(let address):
            let storage = StorageHealth(folder: nil)
            let deletions = RowDeletions()
            let node = UUID().uuidString
            let engine = try PostgresEngine(
                address: address, readers: postgresReaders, node: node, health: storage, deletions: deletions, logger: logger
            )
            self.init(
                engine: .postgres(engine), node: node, transactions: engine, storage: storage, deletions: deletions, checkpointer: nil,
                metrics: metrics
            )
        }
    }

    /// Opens (creating when needed) and migrates the SQLite database file at `path`.
    /// `metrics` counts its write batches (none are counted by default).
    public convenience init(
        path: String, durability: Durability = .normal, metrics: any MetricsFactory = NOOPMetricsHandler.instance
    ) throws {
        let pool = try DatabasePool(path: path, configuration: Self.configuration(durability: durability))
        // The pool turns WAL on after the writer's own set-up, and sets `synchronous = NORMAL`
        // with it: the writer runs Roost's pragmas once more, so that full durability is full.
        try pool.writeWithoutTransaction { db in
            for pragma in WriterSettings(durability: durability).pragmasRunByRoost { try db.execute(sql: pragma) }
        }
        try self.init(sqlite: pool, checkpointer: Checkpointer(path: path), metrics: metrics)
    }

    /// Migrates and serves any GRDB writer: a pool over a file, or an in-memory
    /// `DatabaseQueue` where a test wants no file.
    public convenience init(_ writer: some DatabaseWriter) throws {
        try self.init(sqlite: writer, checkpointer: nil, metrics: NOOPMetricsHandler.instance)
    }

    private convenience init(sqlite writer: some DatabaseWriter, checkpointer: Checkpointer?, metrics: any MetricsFactory) throws {
        let migrator = Migration.migrator()
        if try writer.read(migrator.hasBeenSuperseded) {
            throw DatabaseTooNewError(path: writer.path)
        }
        // The search index's catch-up calls it on the one writer connection at every commit.
        writer.writeWithoutTransaction { SearchWords.register(in: $0) }
        try migrator.migrate(writer)
        let storage = StorageHealth(folder: URL(fileURLWithPath: writer.path).deletingLastPathComponent().path)
        let deletions = RowDeletions()
        writer.add(transactionObserver: deletions, extent: .databaseLifetime)
        self.init(
            engine: .sqlite(writer), node: UUID().uuidString, transactions: SQLiteTransactions(writer: writer), storage: storage,
            deletions: deletions,
            checkpointer: checkpointer, metrics: metrics
        )
    }

    private init(
        engine: Engine, node: String, transactions: any TransactionRunner, storage: StorageHealth, deletions: RowDeletions,
        checkpointer: Checkpointer?, metrics: any MetricsFactory
    ) {
        self.engine = engine
        self.node = node
        self.storage = storage
        self.deletions = deletions
        groupCommit = GroupCommit(writer: transactions, storage: storage, metrics: metrics)
        self.checkpointer = checkpointer
        let groupCommit = groupCommit
        let reads = Reads(engine: engine)
        let onPostgres = if case .postgres = engine { true } else { false }
        let searchDuty = HeldDuty("search index")
        self.searchDuty = searchDuty
        searchIndex = Follower(commits: { groupCommit.commitCount }) { [groupCommit] in
            guard searchDuty.isHeld else { return false }
            switch try await reads.read({ try SearchIndex.work(in: $0) }) {
            case .none:
                return false
            case .waitingForCompaction:
                // Looks again shortly; a reader waiting for it (a search) goes on waiting, up
                // to its timeout.
                try await Task.sleep(for: SearchIndex.compactionPoll)
                return true
            case .queued where onPostgres:
                // Only the batch's one statement takes the writer: its messages are read on a
                // reader and their terms made outside any transaction.
                let batch = SearchIndex.Batch(try await reads.read { try SearchIndex.queuedOnPostgres(in: $0, limit: SearchIndex.batchSize) })
                guard !batch.isEmpty else { return false }
                try await groupCommit.write { db in try SearchIndex.record(batch, in: db) }
                return true
            case .queued:
                return try await groupCommit.write { db in try SearchIndex.catchUp(in: db, limit: SearchIndex.batchSize) }
            }
        }
        if let checkpointer { groupCommit.onCommit { checkpointer.committed() } }
        groupCommit.onCommit { [searchIndex] in searchIndex.poke() }
        onCommitElsewhere { [searchIndex] in searchIndex.poke() }
        searchIndex.start()
        searchDuty.start(on: self) { [searchIndex] in searchIndex.poke() }
    }

    /// How many group commits there have been, counted before their writers hear back.
    var commitCount: Int { groupCommit.commitCount }

    /// Waits until the search index holds every message change committed before now (a
    /// search answers as if the index were updated with each send). With other nodes, this
    /// node's commits are not all there is: the wait is for the queue as it stands now,
    /// whichever node indexes it.
    func searchIndexCaughtUp() async {
        guard mayHaveOtherNodes else { return await searchIndex.caughtUp() }
        guard let newest = try? await read({ try SearchIndex.newestQueued($0) }) else { return }
        if searchDuty.isHeld { searchIndex.hurry() }
        await readUntil { try SearchIndex.isIndexed(upTo: newest, $0) }
    }

    /// Waits until `done` reads true, reading every 10 ms for up to 10 s (an index that keeps
    /// failing must not hold readers up forever).
    private func readUntil(_ done: @escaping @Sendable (Database) throws -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline, (try? await read(done)) != true {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Foreign keys on, a busy timeout, and the pragmas of `WriterSettings`, among them the
    /// sync level the durability asks for. With `.normal` durability a commit reaches the
    /// operating system before it returns, so it survives Roost crashing; with `.full` it is
    /// also synced to disk, so it survives power loss.
    private static func configuration(durability: Durability) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(TimeInterval(WriterSettings.busyTimeoutSeconds))
        let pragmas = WriterSettings(durability: durability).pragmasRunByRoost
        configuration.prepareDatabase { db in
            for pragma in pragmas { try db.execute(sql: pragma) }
        }
        return configuration
    }

    /// For a bulk load (`roost seed`): the writer's statement journals go to a temporary file.
    /// SQLite reaches a place in an in-memory journal by walking it from its start, and over a
    /// load of many rows that walk took nearly all the time: seeding 1,000,000 messages took
    /// 80 s so, and had not done a third of them after 9 minutes in memory.
    func journalStatementsToFile() async throws {
        guard case .sqlite(let writer) = engine else { return }
        try await writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA temp_store = FILE") }
    }

    /// Runs changes as one all-or-nothing unit, committed together with the changes other
    /// requests ask for at the same moment (group commit).
    func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await groupCommit.write(updates)
    }

    /// Runs `hook` after every commit of `write`s: how readers of what was written learn of it.
    func onCommit(_ hook: @escaping @Sendable () -> Void) {
        groupCommit.onCommit(hook)
    }

    /// Runs `hook` whenever another node on the database has committed (on PostgreSQL; on
    /// SQLite there is no other node).
    func onCommitElsewhere(_ hook: @escaping @Sendable () -> Void) {
        if case .postgres(let engine) = engine { engine.signals.onCommitElsewhere(hook) }
    }

    /// This node changed settings that every node keeps in memory (the clock, the webhook
    /// settings, the API tokens and the IP whitelist) and has committed them: the other nodes
    /// read theirs again (`onSettingsChangedElsewhere`), within milliseconds.
    func settingsChanged() {
        if case .postgres(let engine) = engine { engine.signals.settingsChanged() }
    }

    /// Runs `hook` whenever another node has changed settings that every node keeps in memory,
    /// and when this node may have missed such a change (its hearing was cut).
    func onSettingsChangedElsewhere(_ hook: @escaping @Sendable () -> Void) {
        if case .postgres(let engine) = engine { engine.signals.onSettingsChangedElsewhere(hook) }
    }

    /// Runs `body` while this node holds `duty`: on PostgreSQL, one node of those sharing the
    /// database at a time, the others taking it over when that node goes (`PostgresDuties`);
    /// on SQLite, whose one process has the database to itself, at once. `body` is cancelled
    /// when the node may no longer hold the duty, and run again when it holds it again; this
    /// returns when the task is cancelled.
    func whileHolding(_ duty: String, _ body: @escaping @Sendable () async -> Void) async {
        switch engine {
        case .sqlite:
            await body()
        case .postgres(let engine):
            await engine.duties.whileHolding(duty, body)
        }
    }

    /// Reads a consistent snapshot, in parallel with other reads and with the writer.
    func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await Reads(engine: engine).read(value)
    }

    /// A read of one statement, which is its own snapshot, and the value its rows make. On
    /// PostgreSQL it runs without a transaction and from the task itself: for what is asked of
    /// the database before each answer a cache keeps.
    func read<T: Sendable>(_ query: Query<T>) async throws -> T {
        switch engine {
        case .sqlite:
            try await read { db in query.value(try Row.fetchAll(db.cachedStatement(sql: query.sql[.sqlite]), arguments: query.arguments)) }
        case .postgres(let engine):
            try await engine.read(query)
        }
    }

    /// How many times the whole database was replaced (a snapshot restored). Work that read
    /// before a replacement and writes after it checks this inside its write, where it cannot
    /// change, so that it writes nothing it read from the state that is gone.
    var replacementCount: Int { replacements.load(ordering: .acquiring) }

    /// Copies a consistent view of the whole database into `destination` (SQLite's online
    /// backup): requests go on reading and writing meanwhile.
    func copy(to destination: DatabaseQueue) async throws {
        let writer = try sqliteWriter(for: "Snapshots")
        try await destination.writeWithoutTransaction { target in
            try writer.read { source in try source.backup(to: target) }
        }
    }

    /// Replaces the whole database with `source`'s, in one step of the one writer, so every
    /// write lands wholly before or wholly after it. Row ids handed out before keep being
    /// handed out never again: each AUTOINCREMENT counter continues from the larger of the two.
    /// So does each generation, so that no value names two states: readers trust what they
    /// kept in memory while the generation they see is the one they kept it at.
    func replace(with source: DatabaseQueue) async throws {
        let writer = try sqliteWriter(for: "Snapshots")
        try await writer.writeWithoutTransaction { target in
            let counters = try GRDB.Row.fetchAll(target, sql: "SELECT name, seq FROM sqlite_sequence")
            let generations = try GRDB.Row.fetchAll(target, sql: "SELECT name, value FROM generations")
            try source.inDatabase { try $0.backup(to: target) }
            try target.inTransaction {
                if try target.tableExists("generations") {
                    for generation in generations {
                        let (name, value): (String, Int64) = (generation["name"], generation["value"])
                        try target.execute(
                            sql: "UPDATE generations SET value = MAX(value, ?) + 1 WHERE name = ?", arguments: [value, name]
                        )
                    }
                }
                for counter in counters {
                    let (name, seq): (String, Int64) = (counter["name"], counter["seq"])
                    guard try target.tableExists(name) else { continue }
                    try target.execute(sql: "DELETE FROM sqlite_sequence WHERE name = ? AND seq < ?", arguments: [name, seq])
                    try target.execute(
                        sql: "INSERT INTO sqlite_sequence (name, seq) SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)",
                        arguments: [name, seq, name]
                    )
                }
                return .commit
            }
            self.replacements.add(1, ordering: .releasing)
            self.deletions.replacedEverything()
        }
    }

    /// Copies the write-ahead log into the database file, leaving it empty, and closes
    /// every connection: the file alone then holds everything. (GRDB closes a pool's writer
    /// before its readers, so SQLite's own checkpoint on the last close never runs.)
    func close() async throws {
        await searchDuty.stop()
        await searchIndex.stop()
        switch engine {
        case .sqlite(let writer):
            try checkpointer?.close()
            _ = try await writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            try writer.close()
        case .postgres(let engine):
            try await engine.close()
        }
    }

    /// SQLite's writer, for what only a SQLite file can do (`feature`, copied as a file).
    private func sqliteWriter(for feature: String) throws -> any DatabaseWriter {
        guard case .sqlite(let writer) = engine else { throw APIError.sqliteOnly(feature) }
        return writer
    }
}

/// How reads reach the engine: SQLite's readers' pool, or PostgreSQL's reader connections.
private struct Reads: Sendable {
    let engine: AppDatabase.Engine

    /// GRDB's `async` read goes from the task to its pool's queue, back to the task, to the
    /// reader's queue and back again; its callback form goes from the pool's queue straight
    /// on to the reader's and only then resumes the task: two thread switches fewer per read
    /// (history pages +19%, a channel view +25%, at the same p99). Unlike the `async` form it
    /// does not interrupt a read whose request was cancelled; reads are short.
    func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        switch engine {
        case .sqlite(let writer):
            try await withCheckedThrowingContinuation { continuation in
                writer.asyncRead { database in
                    continuation.resume(with: Result { try value(Database(database.get())) })
                }
            }
        case .postgres(let engine):
            try await engine.read(value)
        }
    }
}

extension APIError {
    /// What works on a SQLite file alone was asked of a PostgreSQL one (README, "Storage").
    static func sqliteOnly(_ feature: String) -> APIError {
        APIError(
            code: 400920,
            message: "\(feature) copy Roost's SQLite file, and this Roost keeps its data in PostgreSQL: use PostgreSQL's own backups (pg_dump) instead."
        )
    }
}

/// How hard Roost works to keep what it acknowledged.
public enum Durability: String, Sendable, CaseIterable {
    /// Survives the process crashing: commits reach the operating system before the answer.
    case normal
    /// Survives power loss: commits reach the disk (fsync) before the answer.
    case full
}

/// Raised at start-up when the database file was written by a newer Roost.
public struct DatabaseTooNewError: Error, CustomStringConvertible {
    let path: String

    public var description: String {
        "The database at \(path) was written by a newer version of Roost; upgrade Roost to open it."
    }
}
