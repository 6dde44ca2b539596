import GRDB
import PostgresNIO

/// One transaction's connection to the database, as every repository sees it: the seam between
/// Roost's rules and its storage engine (`docs/storage.md`). It has the shape of GRDB's, which
/// it wraps on SQLite, so that repositories keep their SQL as it is, and only this folder knows
/// the engine.
final class Database {
    enum Engine {
        case sqlite(GRDB.Database)
        case postgres(PostgresSession)
    }

    let engine: Engine

    init(_ sqlite: GRDB.Database) {
        engine = .sqlite(sqlite)
    }

    init(_ postgres: PostgresSession) {
        engine = .postgres(postgres)
    }

    /// The SQLite connection, for work only SQLite does (its search index, snapshots).
    var sqlite: GRDB.Database {
        guard case .sqlite(let connection) = engine else { preconditionFailure("SQLite's own work asked of another engine") }
        return connection
    }

    /// Runs one or more statements (`;`-separated), prepared for this call only.
    func execute(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        switch engine {
        case .sqlite(let connection): try connection.execute(sql: sql, arguments: arguments.sqlite)
        case .postgres(let session): try session.runScript(sql, arguments)
        }
    }

    /// A statement kept prepared in the connection's cache, for SQL whose text takes few shapes
    /// (fixed, or with its lists as `SQL.ValueList`s). Preparing a statement (GRDB's authorizer
    /// visits every column it names) cost more than running it on the hot routes.
    func cachedStatement(sql: String) throws -> Statement {
        switch engine {
        case .sqlite(let connection): Statement(engine: .sqlite(try connection.cachedStatement(sql: sql)))
        case .postgres(let session): Statement(engine: .postgres(session, sql))
        }
    }

    /// Runs a statement without arguments whose answer nobody needs: a transaction's or a
    /// savepoint's start or end. On PostgreSQL it is sent without waiting for the answer, and a
    /// failure shows at the next statement waited on (`PostgresSession.send`).
    func executeUnanswered(sql: String) throws {
        switch engine {
        case .sqlite: try executeCached(sql: sql)
        case .postgres(let session): session.send(sql)
        }
    }

    /// Ends a savepoint whose changes stay: `RELEASE` on SQLite. PostgreSQL leaves it open until
    /// the transaction ends, which saves a round trip a write: releasing frees nothing there (a
    /// subtransaction that wrote counts toward the backend's cache of 64 either way), a later
    /// savepoint of the same name hides it, and `ROLLBACK TO` finds the newest.
    func keepSavepoint(_ name: String) throws {
        switch engine {
        case .sqlite: try executeCached(sql: "RELEASE SAVEPOINT \(name)")
        case .postgres: break
        }
    }

    /// Executes one statement kept prepared in the connection's statement cache.
    func executeCached(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }

    /// Runs an `INSERT` of one row (a statement kept prepared) and answers the id its table
    /// gave the row, `idColumn`.
    func insert(sql: String, arguments: StatementArguments = StatementArguments(), idColumn: String = "id") throws -> Int64 {
        guard let id = try insertedRowID(sql: sql, arguments: arguments, idColumn: idColumn) else { throw NoRowInserted(sql: sql) }
        return id
    }

    /// Runs an `INSERT` of at most one row (a statement kept prepared) and answers the id its
    /// table gave the row, `idColumn`; nil when it stored none (`ON CONFLICT DO NOTHING`). SQLite
    /// reads the connection's last row id; PostgreSQL has the statement return the column, one
    /// round trip where asking `lastval()` after it took two.
    func insertedRowID(sql: String, arguments: StatementArguments = StatementArguments(), idColumn: String = "id") throws -> Int64? {
        switch engine {
        case .sqlite(let connection):
            try executeCached(sql: sql, arguments: arguments)
            return connection.changesCount > 0 ? connection.lastInsertedRowID : nil
        case .postgres(let session):
            return try Int64.fetchOne(Statement(engine: .postgres(session, sql + " RETURNING " + idColumn)), arguments: arguments)
        }
    }

    /// How many rows the last statement changed.
    var changesCount: Int {
        switch engine {
        case .sqlite(let connection): connection.changesCount
        case .postgres(let session): session.changesCount
        }
    }

    /// How many rows every statement of the connection has changed since it opened.
    var totalChangesCount: Int {
        switch engine {
        case .sqlite(let connection): connection.totalChangesCount
        case .postgres(let session): session.totalChangesCount
        }
    }

    /// Runs `changes` in a savepoint, rolled back alone when it throws or answers `.rollback`.
    func inSavepoint(_ changes: () throws -> SavepointCompletion) throws {
        switch engine {
        case .sqlite(let connection):
            try connection.inSavepoint {
                switch try changes() {
                case .commit: .commit
                case .rollback: .rollback
                }
            }
        case .postgres(let session):
            _ = try session.run("SAVEPOINT savepoint", StatementArguments())
            let completion: SavepointCompletion
            do {
                completion = try changes()
            } catch {
                _ = try session.run("ROLLBACK TO SAVEPOINT savepoint", StatementArguments())
                _ = try session.run("RELEASE SAVEPOINT savepoint", StatementArguments())
                throw error
            }
            if completion == .rollback { _ = try session.run("ROLLBACK TO SAVEPOINT savepoint", StatementArguments()) }
            _ = try session.run("RELEASE SAVEPOINT savepoint", StatementArguments())
        }
    }

    /// What a read-only transaction's `valueOnceInSnapshot` read, by statement.
    private var snapshotValues: [String: Int64?] = [:]

    /// The value `sql` reads. A read-only transaction reads it once, its snapshot being unable
    /// to change it: a page that stamps what it keeps and then checks a cache reads a
    /// generation once, not twice (each read a round trip on PostgreSQL).
    func valueOnceInSnapshot(sql: String) throws -> Int64? {
        guard isReadOnly else { return try Int64.fetchOne(cachedStatement(sql: sql)) }
        if let known = snapshotValues[sql] { return known }
        let value = try Int64.fetchOne(cachedStatement(sql: sql))
        snapshotValues[sql] = value
        return value
    }

    /// Whether this is a read-only transaction (a reader's), which may use what caches keep.
    var isReadOnly: Bool {
        switch engine {
        case .sqlite(let connection): connection.configuration.readonly
        case .postgres(let session): session.isReadOnly
        }
    }

    func tableExists(_ name: String) throws -> Bool {
        switch engine {
        case .sqlite(let connection):
            return try connection.tableExists(name)
        case .postgres:
            let sql = "SELECT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?)"
            return try Bool.fetchOne(self, sql: sql, arguments: [name]) ?? false
        }
    }

    /// Whether `error` says the transaction must be run again: PostgreSQL could not serialize it
    /// with another writer's (40001), or chose it to end a deadlock (40P01). SQLite, one writer,
    /// never says so.
    static func mustRetry(_ error: any Error) -> Bool {
        ["40001", "40P01"].contains(PostgresSession.sqlState(of: error))
    }

    /// Whether `error` is a constraint refusing a change (a foreign key, a unique key).
    static func isConstraintViolation(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT || PostgresSession.isConstraintViolation(error)
    }
}

/// An `INSERT` that was to store a row stored none.
struct NoRowInserted: Error, CustomStringConvertible {
    let sql: String
    var description: String { "The statement stored no row: \(sql)" }
}

/// How a savepoint ends.
enum SavepointCompletion {
    case commit
    case rollback
}

/// A prepared statement of a `Database`.
struct Statement {
    enum Engine {
        case sqlite(GRDB.Statement)
        /// PostgreSQL's are prepared by the server for each run: the session and the text.
        case postgres(PostgresSession, String)
    }

    let engine: Engine

    /// The SQLite statement, for work only SQLite does.
    var sqlite: GRDB.Statement {
        guard case .sqlite(let statement) = engine else { preconditionFailure("SQLite's own work asked of another engine") }
        return statement
    }

    func execute(arguments: StatementArguments = StatementArguments()) throws {
        switch engine {
        case .sqlite(let statement): try statement.execute(arguments: arguments.sqlite)
        case .postgres(let session, let sql): _ = try session.run(sql, arguments)
        }
    }

    /// The statement's rows.
    func rows(_ arguments: StatementArguments) throws -> RowCursor {
        switch engine {
        case .sqlite(let statement): RowCursor(engine: .sqlite(try GRDB.Row.fetchCursor(statement, arguments: arguments.sqlite)))
        case .postgres(let session, let sql): RowCursor(engine: .postgres(try session.run(sql, arguments).makeIterator()))
        }
    }
}

/// The values a statement binds, by position (`?`) or by name (`:name`).
struct StatementArguments: ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    private var positional: [(any DatabaseValueConvertible)?] = []
    private var named: [String: (any DatabaseValueConvertible)?] = [:]

    init() {}

    init(_ values: [(any DatabaseValueConvertible)?]) {
        positional = values
    }

    init(_ values: [any DatabaseValueConvertible]) {
        positional = values
    }

    init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        positional = elements
    }

    init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        named = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    static func + (left: StatementArguments, right: StatementArguments) -> StatementArguments {
        var joined = left
        joined += right
        return joined
    }

    static func += (left: inout StatementArguments, right: StatementArguments) {
        left.positional += right.positional
        left.named.merge(right.named) { _, last in last }
    }

    /// The arguments as GRDB binds them. Given as optional existentials: GRDB's initializer for
    /// a sequence of a concrete type maps it with a key path, which, unspecialized outside GRDB,
    /// was instantiated for every statement (most of the 7% a send's CPU grew by with the seam,
    /// `bench/RESULTS.md`).
    var sqlite: GRDB.StatementArguments {
        var arguments = GRDB.StatementArguments(positional.map { value -> (any GRDB.DatabaseValueConvertible)? in value?.sqliteValue })
        if !named.isEmpty { arguments += GRDB.StatementArguments(named.mapValues { $0?.sqliteValue ?? .null }) }
        return arguments
    }

    /// Binds the arguments in the order of PostgreSQL's numbered placeholders: by position, or
    /// by the names `names` gives each number. Answers each value's Swift type, nil for NULL:
    /// what a prepared statement's parameter types follow.
    func bind(into bindings: inout PostgresBindings, names: [String]?) throws -> [ObjectIdentifier?] {
        let values = names.map { $0.map { named[$0] ?? nil } } ?? positional
        return try values.map { value in
            guard let value else {
                bindings.appendNull()
                return nil
            }
            try value.bindPostgres(into: &bindings)
            return ObjectIdentifier(type(of: value))
        }
    }
}
