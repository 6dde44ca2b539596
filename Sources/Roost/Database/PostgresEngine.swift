import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// PostgreSQL as Roost's store (`docs/storage.md`): one writer connection, which group commit
/// uses as it uses SQLite's one writer, and a pool of reader connections, each read one
/// `REPEATABLE READ` read-only transaction (a snapshot, as a SQLite reader sees one). A
/// transaction's statements are waited on from a thread of the engine's own: the group commit's
/// queue for the writer, a thread pool for the readers, never an event loop or a Swift task. A
/// read of one statement needs no transaction, and its task awaits it.
///
/// A connection that fails is dropped and made again by the next transaction that needs it,
/// so Roost reconnects by itself after PostgreSQL restarts; meanwhile requests answer 503.
final class PostgresEngine: TransactionRunner, Sendable {
    let address: PostgresAddress
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    private let health: StorageHealth
    private let deletions: RowDeletions
    /// The writer's connection. Only group commit's drain queue uses it, one group at a time.
    private let writer = Mutex<PostgresSession?>(nil)
    private let readers: PostgresReaders
    /// A thread for each reader connection, on which a read of many statements waits on them.
    private let readerThreads: NIOThreadPool
    private let connections = Atomic<Int>(0)
    /// The background duties this node holds of those the nodes share.
    let duties: PostgresDuties
    /// How the other nodes hear of this one's commits, and this one of theirs.
    let signals: PostgresCommitSignals

    /// The key of the advisory lock that nodes migrating one database take in turn.
    private static let migrationLock = 0x726F_6F73_74
    /// How long the writer's connection may sit in a transaction between two statements before
    /// PostgreSQL ends it, letting go of the writers' turn: far longer than a live writer ever
    /// waits between two, so only a node that hangs meets it.
    static let longestPauseInWrite = "10s"

    /// Connects, and brings the database's schema up to date (`migrations/postgres/`).
    /// Throws a `PostgresStartError` that names the problem when it cannot.
    /// `readers` is how many reads run at a time, each on a connection of its own: each waits
    /// on its round trips, so more than the cores keeps them busy.
    /// `node` names this process in its notifications to the other nodes.
    init(address: PostgresAddress, readers: Int, node: String, health: StorageHealth, deletions: RowDeletions, logger: Logger) throws {
        self.address = address
        let configuration = try address.configuration()
        self.configuration = configuration
        self.logger = logger
        self.health = health
        self.deletions = deletions
        self.readers = PostgresReaders(limit: max(1, readers))
        readerThreads = NIOThreadPool(numberOfThreads: max(1, readers))
        readerThreads.start()
        @Sendable func connection() async throws -> PostgresConnection {
            try await Self.connecting(configuration, id: 0, logger: logger).get()
        }
        duties = PostgresDuties(logger: logger) { PostgresSession(connection: try await connection(), isReadOnly: true, logger: logger) }
        signals = PostgresCommitSignals(node: node, logger: logger, connect: connection)
        do {
            let session = try connectWriter()
            do {
                try migrate(session)
            } catch {
                session.close()
                throw error
            }
            writer.withLock { $0 = session }
            signals.start()
        } catch let error as DatabaseTooNewError {
            try? readerThreads.syncShutdownGracefully()
            throw error
        } catch {
            try? readerThreads.syncShutdownGracefully()
            throw PostgresStartError(address: address, error: error)
        }
    }

    // MARK: Transactions

    /// Savepoints a transaction holds at most: PostgreSQL keeps 64 subtransactions in each
    /// backend's shared cache, and past that every snapshot looks them up on disk.
    let maxGroupSize = 60
    /// Times a transaction PostgreSQL could not serialize is run in all.
    static let attempts = 8

    /// One write transaction on the writer's connection (group commit's). The writers of every
    /// node on the database take turns (`writersTurnTable`), so writes happen one at a time, SQLite's
    /// guarantee, and the event log's seqs commit in their order: a follower that reads past the
    /// last seq it saw passes over none (`docs/storage.md`). Each is `SERIALIZABLE` besides, for
    /// writers other than Roost's; one that cannot be serialized is run again, `attempts` times
    /// in all.
    func inTransaction(_ changes: (Database) throws -> Void) throws {
        for attempt in 1... {
            do {
                return try transaction(changes)
            } catch where Database.mustRetry(error) && attempt < Self.attempts {
                logger.debug("PostgreSQL asked for a write to be run again (attempt \(attempt))")
                // Run at once, it met the same other writer again: wait a little, longer each
                // time, and at random, so that the two part.
                Thread.sleep(forTimeInterval: Double.random(in: 0.001...0.004) * Double(attempt))
            }
        }
    }

    private func transaction(_ changes: (Database) throws -> Void) throws {
        let session: PostgresSession
        do {
            session = try writer.withLock { current in
                if let current, !current.connection.isClosed { return current }
                let session = try connectWriter()
                current = session
                return session
            }
        } catch {
            throw health.failure(for: error) ?? error
        }
        do {
            // The writers' turn is the lock of a table no one else writes, taken by the
            // transaction's first statement: LOCK takes no snapshot, so the transaction's is
            // taken after the writer it waited for has committed. It goes with the transaction,
            // or with the connection when PostgreSQL ends a writer that hangs in it
            // (`longestPauseInWrite`).
            // Waited on, so that group commit forms its group once the turn is taken: the writes
            // that arrived during the wait go in this transaction (`GroupCommit.drain`).
            session.send("BEGIN ISOLATION LEVEL SERIALIZABLE")
            _ = try session.run("LOCK TABLE \(Self.writersTurnTable) IN EXCLUSIVE MODE", StatementArguments())
            try changes(Database(session))
            let deleted = try deletedRows(session)
            _ = try session.run("COMMIT", StatementArguments())
            // A transaction a statement failed in answers its COMMIT with ROLLBACK.
            guard session.lastCommand == "COMMIT" else { throw PostgresCommitRefused() }
            health.reached()
            deletions.committed(deleted)
            signals.committed()
        } catch {
            if session.connection.isClosed {
                writer.withLock { if $0 === session { $0 = nil } }
            } else if (try? session.run("ROLLBACK", StatementArguments())) == nil {
                writer.withLock { if $0 === session { $0 = nil } }
                session.close()
            }
            throw error
        }
    }

    /// The users and channels the transaction deleted, as the schema's triggers noted them.
    private func deletedRows(_ session: PostgresSession) throws -> RowDeletions.Deleted {
        let row = try Row.fetchOne(
            Database(session),
            sql: "SELECT current_setting('roost.deleted_users', true) AS users, current_setting('roost.deleted_channels', true) AS channels"
        )
        func ids(_ column: String) -> Set<Int64> {
            Set(((row?[column] as String?) ?? "").split(separator: ",").compactMap { Int64($0) })
        }
        return RowDeletions.Deleted(users: ids("users"), channels: ids("channels"))
    }

    /// Runs `body` in a read-only snapshot on one of the reader connections.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        await readers.turn()
        do {
            return try await onReaderThread(body)
        } catch let error as CancellationError {
            // The read never ran: the task was cancelled first, or the threads have stopped.
            readers.give(nil)
            throw error
        }
    }

    private func onReaderThread<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await readerThreads.runIfActive { [self] in
            let session: PostgresSession
            do {
                session = try readers.idle() ?? connect(readOnly: true)
            } catch {
                readers.give(nil)
                throw health.failure(for: error) ?? error
            }
            do {
                session.send("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                let value = try body(Database(session))
                // A read-only transaction's end changes nothing: the next use of the connection waits for it.
                session.send("COMMIT")
                health.reached()
                readers.give(session)
                return value
            } catch {
                if !session.connection.isClosed, (try? session.run("ROLLBACK", StatementArguments())) != nil {
                    readers.give(session)
                } else {
                    readers.give(nil)
                    session.close()
                }
                throw health.failure(for: error) ?? error
            }
        }
    }

    /// Runs `query` alone on one of the reader connections: its own snapshot, without a
    /// transaction, and from the task itself rather than a thread of the readers' (two thread
    /// switches and two round trips fewer than `read`).
    func read<T: Sendable>(_ query: Query<T>) async throws -> T {
        await readers.turn()
        let session: PostgresSession
        do {
            if let idle = readers.idle() { session = idle } else { session = try await connecting(readOnly: true).get() }
        } catch {
            readers.give(nil)
            let error = PostgresStatementError.naming(error, sql: nil)
            throw health.failure(for: error) ?? error
        }
        do {
            let rows = try await session.run(query.sql[.postgres], query.arguments)
            health.reached()
            readers.give(session)
            return query.value(rows.map(Row.init(postgres:)))
        } catch {
            if session.connection.isClosed || PostgresSession.isConnectionLost(error) {
                readers.give(nil)
                try? await session.connection.close().get()
            } else {
                readers.give(session)
            }
            throw health.failure(for: error) ?? error
        }
    }

    /// Closes every connection.
    func close() async throws {
        await signals.stop()
        await duties.close()
        let sessions = writer.withLock { current in
            defer { current = nil }
            return current.map { [$0] } ?? []
        } + readers.close()
        for session in sessions { try? await session.connection.close().get() }
        try await readerThreads.shutdownGracefully()
    }

    /// A new connection, waited for on this thread.
    private func connect(readOnly: Bool) throws -> PostgresSession {
        do {
            return try connecting(readOnly: readOnly).wait()
        } catch {
            throw PostgresStatementError.naming(error, sql: nil)
        }
    }

    /// A new connection for the writer, which PostgreSQL ends should it hang in a transaction.
    private func connectWriter() throws -> PostgresSession {
        let session = try connect(readOnly: false)
        do {
            _ = try session.run("SET idle_in_transaction_session_timeout = '\(Self.longestPauseInWrite)'", StatementArguments())
        } catch {
            session.close()
            throw error
        }
        return session
    }

    /// A new connection, to come.
    private func connecting(readOnly: Bool) -> EventLoopFuture<PostgresSession> {
        Self.connecting(configuration, id: connections.add(1, ordering: .relaxed).newValue, logger: logger).map { [logger] in
            PostgresSession(connection: $0, isReadOnly: readOnly, logger: logger)
        }
    }

    /// A new connection, to come: the engine's own, and the duties' and the signals'.
    private static func connecting(
        _ configuration: PostgresConnection.Configuration, id: Int, logger: Logger
    ) -> EventLoopFuture<PostgresConnection> {
        PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: id, logger: logger)
    }

    // MARK: Migrations

    /// The table recording the migrations applied.
    static let migrationsTable = "schema_migrations"
    /// The table whose lock is the writers' turn; it has no rows.
    static let writersTurnTable = "writer_turns"
    /// The engine's own tables, which are not the application's.
    static let ownTables = [migrationsTable, writersTurnTable]

    /// Applies the migrations this database has not had, each in a transaction of its own
    /// with its record in `schema_migrations`. Nodes starting together take turns (an advisory
    /// lock), so each migration runs once.
    private func migrate(_ session: PostgresSession) throws {
        _ = try session.run("SELECT pg_advisory_lock(\(Self.migrationLock))", StatementArguments())
        defer { _ = try? session.run("SELECT pg_advisory_unlock(\(Self.migrationLock))", StatementArguments()) }
        _ = try session.run("CREATE TABLE IF NOT EXISTS \(Self.migrationsTable) (identifier text COLLATE \"C\" PRIMARY KEY)", StatementArguments())
        _ = try session.run("CREATE TABLE IF NOT EXISTS \(Self.writersTurnTable) ()", StatementArguments())
        let db = Database(session)
        let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM \(Self.migrationsTable)"))
        let known = EmbeddedMigrations.postgresFiles
        guard applied.isSubset(of: Set(known.map(\.name))) else { throw DatabaseTooNewError(path: address.description) }
        for migration in known where !applied.contains(migration.name) {
            _ = try session.run("BEGIN", StatementArguments())
            do {
                try session.runScript(migration.sql, StatementArguments())
                try db.execute(sql: "INSERT INTO \(Self.migrationsTable) (identifier) VALUES (?)", arguments: [migration.name])
                _ = try session.run("COMMIT", StatementArguments())
            } catch {
                _ = try? session.run("ROLLBACK", StatementArguments())
                throw error
            }
            logger.info("Applied the PostgreSQL migration \(migration.name)")
        }
    }
}

/// A write transaction ended rolled back: one of its statements failed unseen (a savepoint's start
/// or end, sent without waiting for its answer).
struct PostgresCommitRefused: Error, CustomStringConvertible {
    var description: String { "PostgreSQL rolled the transaction back at its commit: one of its statements had failed." }
}

/// Roost could not start on the PostgreSQL that `--database` names: one line that says why.
struct PostgresStartError: Error, CustomStringConvertible {
    let address: PostgresAddress
    let error: any Error

    var description: String {
        let server = "PostgreSQL at \(address.host):\(address.port)"
        if let error = error as? PostgresStatementError, error.sql != nil {
            return "Roost cannot set up its schema in the database \(address.database) of \(server): \(error)"
        }
        guard let error = (error as? PostgresStatementError)?.error ?? error as? PSQLError else {
            return "Roost cannot use \(server): \(error)"
        }
        if let state = error.serverInfo?[.sqlState] {
            let message = error.serverInfo?[.message] ?? "no reason given"
            switch state {
            case "28P01", "28000":
                return "\(server) refused the user \(address.user): \(message). Check the user and password in --database."
            case "3D000":
                return "\(server) has no database \(address.database): create it (createdb \(address.database)) or name another in --database."
            default:
                return "\(server) refused Roost (SQLSTATE \(state)): \(message)"
            }
        }
        switch error.code {
        case .connectionError:
            let cause = error.underlying.map { String(describing: $0) } ?? "no answer"
            return "Roost cannot reach \(server): \(cause). Check the host and port in --database, and that PostgreSQL is running."
        case .sslUnsupported:
            return "\(server) does not offer TLS, and sslmode=\(address.tlsMode.rawValue) requires it."
        case .authMechanismRequiresPassword:
            return "\(server) asks the user \(address.user) for a password: put one in --database."
        default:
            return "Roost cannot use \(server): \(String(reflecting: error))"
        }
    }
}
