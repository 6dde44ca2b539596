import GRDB

/// One transaction's connection to the database, as every repository sees it: the seam between
/// Roost's rules and its storage engine (`docs/storage.md`). It has the shape of GRDB's, which
/// it wraps on SQLite, so that repositories keep their SQL as it is, and only this folder knows
/// the engine.
final class Database {
    /// The SQLite connection, for the engine's own work in this folder.
    let sqlite: GRDB.Database

    init(_ sqlite: GRDB.Database) {
        self.sqlite = sqlite
    }

    /// Runs one or more statements (`;`-separated), prepared for this call only.
    func execute(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try sqlite.execute(sql: sql, arguments: arguments.sqlite)
    }

    /// A statement kept prepared in the connection's cache, for SQL whose text takes few shapes
    /// (fixed, or with its lists as `SQL.ValueList`s). Preparing a statement (GRDB's authorizer
    /// visits every column it names) cost more than running it on the hot routes.
    func cachedStatement(sql: String) throws -> Statement {
        Statement(sqlite: try sqlite.cachedStatement(sql: sql))
    }

    /// Executes one statement kept prepared in the connection's statement cache.
    func executeCached(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }

    /// The row id the last `INSERT` gave its row.
    var lastInsertedRowID: Int64 { sqlite.lastInsertedRowID }

    /// How many rows the last statement changed.
    var changesCount: Int { sqlite.changesCount }

    /// How many rows every statement of the connection has changed since it opened.
    var totalChangesCount: Int { sqlite.totalChangesCount }

    /// Runs `changes` in a savepoint, rolled back alone when it throws or answers `.rollback`.
    func inSavepoint(_ changes: () throws -> SavepointCompletion) throws {
        try sqlite.inSavepoint {
            switch try changes() {
            case .commit: .commit
            case .rollback: .rollback
            }
        }
    }

    /// Whether this is a read-only transaction (a reader's), which may use what caches keep.
    var isReadOnly: Bool { sqlite.configuration.readonly }

    func tableExists(_ name: String) throws -> Bool {
        try sqlite.tableExists(name)
    }

    /// Whether `error` is a constraint refusing a change (a foreign key, a unique key).
    static func isConstraintViolation(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT
    }
}

/// How a savepoint ends.
enum SavepointCompletion {
    case commit
    case rollback
}

/// A prepared statement of a `Database`.
struct Statement {
    let sqlite: GRDB.Statement

    func execute(arguments: StatementArguments = StatementArguments()) throws {
        try sqlite.execute(arguments: arguments.sqlite)
    }
}

/// The values a statement binds, by position (`?`) or by name (`:name`).
struct StatementArguments: ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    fileprivate(set) var sqlite: GRDB.StatementArguments

    init() {
        sqlite = GRDB.StatementArguments()
    }

    init(_ values: [(any DatabaseValueConvertible)?]) {
        sqlite = GRDB.StatementArguments(values.map { $0?.sqliteValue ?? .null })
    }

    init(_ values: [any DatabaseValueConvertible]) {
        sqlite = GRDB.StatementArguments(values.map(\.sqliteValue))
    }

    init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements)
    }

    init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        sqlite = GRDB.StatementArguments(Dictionary(elements.map { ($0.0, $0.1?.sqliteValue ?? .null) }, uniquingKeysWith: { _, last in last }))
    }

    static func + (left: StatementArguments, right: StatementArguments) -> StatementArguments {
        var joined = left
        joined.sqlite += right.sqlite
        return joined
    }

    static func += (left: inout StatementArguments, right: StatementArguments) {
        left.sqlite += right.sqlite
    }
}
