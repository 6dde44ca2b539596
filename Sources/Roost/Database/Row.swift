import Foundation
import GRDB

/// A value a statement binds and a row's column gives back: the integers, reals, texts, blobs
/// and booleans Roost stores. Each binds, reads and fetches through the engine's own fast path
/// (on SQLite, GRDB's typed column access, with no intermediate value): pages of messages read
/// thousands of columns.
protocol DatabaseValueConvertible: Sendable {
    /// The value as SQLite binds it.
    var sqliteValue: GRDB.DatabaseValue { get }
    /// The value at a column; it must not be NULL.
    static func read(_ row: GRDB.Row, at index: Int) -> Self
    static func read(_ row: GRDB.Row, named column: String) -> Self
    /// The value at a column, nil when it is NULL.
    static func readIfPresent(_ row: GRDB.Row, at index: Int) -> Self?
    static func readIfPresent(_ row: GRDB.Row, named column: String) -> Self?
    /// A statement's values, from its first column.
    static func sqliteCursor(_ statement: GRDB.Statement, _ arguments: GRDB.StatementArguments) throws -> ValueCursor<Self>
    static func sqliteFetchAll(_ statement: GRDB.Statement, _ arguments: GRDB.StatementArguments) throws -> [Self]
    static func sqliteFetchOne(_ statement: GRDB.Statement, _ arguments: GRDB.StatementArguments) throws -> Self?
}

/// The types both GRDB and Roost read as values, through GRDB's own typed access.
protocol StoredValue: DatabaseValueConvertible, GRDB.DatabaseValueConvertible, GRDB.StatementColumnConvertible {}

extension StoredValue {
    var sqliteValue: GRDB.DatabaseValue { databaseValue }
    static func read(_ row: GRDB.Row, at index: Int) -> Self { row[index] }
    static func read(_ row: GRDB.Row, named column: String) -> Self { row[column] }
    static func readIfPresent(_ row: GRDB.Row, at index: Int) -> Self? { row[index] }
    static func readIfPresent(_ row: GRDB.Row, named column: String) -> Self? { row[column] }

    static func sqliteCursor(_ statement: GRDB.Statement, _ arguments: GRDB.StatementArguments) throws -> ValueCursor<Self> {
        let cursor = try fetchCursor(statement, arguments: arguments)
        return ValueCursor { try cursor.next() }
    }

    static func sqliteFetchAll(_ statement: GRDB.Statement, _ arguments: GRDB.StatementArguments) throws -> [Self] {
        try fetchAll(statement, arguments: arguments)
    }

    static func sqliteFetchOne(_ statement: GRDB.Statement, _ arguments: GRDB.StatementArguments) throws -> Self? {
        try fetchOne(statement, arguments: arguments)
    }
}

extension Int64: StoredValue {}
extension Int: StoredValue {}
extension Bool: StoredValue {}
extension Double: StoredValue {}
extension String: StoredValue {}
extension Data: StoredValue {}

/// A row of a statement's result, read by column name or by position.
struct Row {
    let sqlite: GRDB.Row

    subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value { Value.read(sqlite, at: index) }
    subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value? { Value.readIfPresent(sqlite, at: index) }
    subscript<Value: DatabaseValueConvertible>(_ column: String) -> Value { Value.read(sqlite, named: column) }
    subscript<Value: DatabaseValueConvertible>(_ column: String) -> Value? { Value.readIfPresent(sqlite, named: column) }

    /// Whether the column at `index` is NULL.
    func hasNull(atIndex index: Int) -> Bool {
        sqlite.hasNull(atIndex: index)
    }

    /// An independent copy, for a row of a cursor kept past the cursor's next step.
    func copy() -> Row {
        Row(sqlite: sqlite.copy())
    }
}

/// The rows of a statement, one at a time. The row a step answers is reused by the next step.
struct RowCursor {
    let sqlite: GRDB.RowCursor

    func next() throws -> Row? {
        try sqlite.next().map(Row.init(sqlite:))
    }

    /// The first row, made into a value while the cursor still holds it (a cursor's row reads
    /// from its statement, which the cursor's end resets); nil when there is no row.
    func first<Value>(_ transform: (Row) throws -> Value?) throws -> Value? {
        try withExtendedLifetime(sqlite) {
            guard let row = try next() else { return nil }
            return try transform(row)
        }
    }

    /// Every remaining row, made into a value as it is read.
    func map<Value>(_ transform: (Row) throws -> Value) throws -> [Value] {
        var values: [Value] = []
        while let row = try next() { values.append(try transform(row)) }
        return values
    }
}

/// The values of a statement's first column, one at a time.
struct ValueCursor<Value: DatabaseValueConvertible> {
    let next: () throws -> Value?
}

extension Row {
    static func fetchCursor(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> RowCursor {
        RowCursor(sqlite: try GRDB.Row.fetchCursor(statement.sqlite, arguments: arguments.sqlite))
    }

    static func fetchCursor(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> RowCursor {
        RowCursor(sqlite: try GRDB.Row.fetchCursor(db.sqlite, sql: sql, arguments: arguments.sqlite))
    }

    static func fetchAll(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try GRDB.Row.fetchAll(statement.sqlite, arguments: arguments.sqlite).map(Row.init(sqlite:))
    }

    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try GRDB.Row.fetchAll(db.sqlite, sql: sql, arguments: arguments.sqlite).map(Row.init(sqlite:))
    }

    static func fetchOne(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try GRDB.Row.fetchOne(statement.sqlite, arguments: arguments.sqlite).map(Row.init(sqlite:))
    }

    static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try GRDB.Row.fetchOne(db.sqlite, sql: sql, arguments: arguments.sqlite).map(Row.init(sqlite:))
    }
}

/// A value's fetches read its statement's first column.
extension DatabaseValueConvertible {
    static func fetchCursor(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> ValueCursor<Self> {
        try sqliteCursor(statement.sqlite, arguments.sqlite)
    }

    static func fetchCursor(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> ValueCursor<Self> {
        try sqliteCursor(db.sqlite.makeStatement(sql: sql), arguments.sqlite)
    }

    static func fetchAll(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try sqliteFetchAll(statement.sqlite, arguments.sqlite)
    }

    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try sqliteFetchAll(db.sqlite.makeStatement(sql: sql), arguments.sqlite)
    }

    /// The first row's value; nil when there is no row, or its value is NULL.
    static func fetchOne(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try sqliteFetchOne(statement.sqlite, arguments.sqlite)
    }

    static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try sqliteFetchOne(db.sqlite.makeStatement(sql: sql), arguments.sqlite)
    }
}

extension Optional where Wrapped: DatabaseValueConvertible {
    /// The first row's value: nil when there is no row, `.some(nil)` when its value is NULL.
    static func fetchOne(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> Wrapped?? {
        try Row.fetchCursor(statement, arguments: arguments).first { .some($0[0]) }
    }
}

/// A record made from a row.
protocol FetchableRecord {
    init(row: Row) throws
}

extension FetchableRecord {
    static func fetchCursor(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> RecordCursor<Self> {
        RecordCursor(rows: try Row.fetchCursor(statement, arguments: arguments))
    }

    static func fetchAll(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try records(of: Row.fetchCursor(statement, arguments: arguments))
    }

    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try records(of: Row.fetchCursor(db, sql: sql, arguments: arguments))
    }

    static func fetchOne(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try Row.fetchCursor(statement, arguments: arguments).first(Self.init(row:))
    }

    static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try Row.fetchCursor(db, sql: sql, arguments: arguments).first(Self.init(row:))
    }

    private static func records(of rows: RowCursor) throws -> [Self] {
        var records: [Self] = []
        while let row = try rows.next() { records.append(try Self(row: row)) }
        return records
    }
}

/// The records of a statement, one at a time.
struct RecordCursor<Record: FetchableRecord> {
    let rows: RowCursor

    func next() throws -> Record? {
        try rows.next().map(Record.init(row:))
    }
}
