import Foundation
import GRDB
import PostgresNIO

/// A value a statement binds and a row's column gives back: the integers, reals, texts, blobs
/// and booleans Roost stores. Each binds and reads through each engine's own fast path (on
/// SQLite, GRDB's typed column access, with no intermediate value): pages of messages read
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

    /// Binds the value as PostgreSQL's column of its kind takes it (booleans as 0 or 1).
    func bindPostgres(into bindings: inout PostgresBindings) throws
    /// The value in a PostgreSQL cell, nil when it is NULL.
    static func postgresValue(of cell: PostgresCell) throws -> Self?
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

/// PostgreSQL's integers as one: SQLite has one integer type, PostgreSQL several, and
/// aggregates of bigints (`SUM`) are numeric.
private func postgresInteger(of cell: PostgresCell) throws -> Int64? {
    guard cell.bytes != nil else { return nil }
    switch cell.dataType {
    case .bool: return try cell.decode(Bool.self) ? 1 : 0
    case .numeric: return Int64(truncating: try cell.decode(Decimal.self) as NSDecimalNumber)
    default: return try cell.decode(Int64.self)
    }
}

extension Int64: StoredValue {
    func bindPostgres(into bindings: inout PostgresBindings) throws { bindings.append(self) }
    static func postgresValue(of cell: PostgresCell) throws -> Int64? { try postgresInteger(of: cell) }
}

extension Int: StoredValue {
    func bindPostgres(into bindings: inout PostgresBindings) throws { bindings.append(Int64(self)) }
    static func postgresValue(of cell: PostgresCell) throws -> Int? { try postgresInteger(of: cell).map(Int.init) }
}

extension Bool: StoredValue {
    func bindPostgres(into bindings: inout PostgresBindings) throws { bindings.append(Int64(self ? 1 : 0)) }
    static func postgresValue(of cell: PostgresCell) throws -> Bool? { try postgresInteger(of: cell).map { $0 != 0 } }
}

extension Double: StoredValue {
    func bindPostgres(into bindings: inout PostgresBindings) throws { bindings.append(self) }
    static func postgresValue(of cell: PostgresCell) throws -> Double? {
        guard cell.bytes != nil else { return nil }
        switch cell.dataType {
        case .float4, .float8: return try cell.decode(Double.self)
        case .numeric: return (try cell.decode(Decimal.self) as NSDecimalNumber).doubleValue
        default: return try postgresInteger(of: cell).map(Double.init)
        }
    }
}

extension String: StoredValue {
    func bindPostgres(into bindings: inout PostgresBindings) throws { bindings.append(self) }
    static func postgresValue(of cell: PostgresCell) throws -> String? {
        guard cell.bytes != nil else { return nil }
        switch cell.dataType {
        case .int2, .int4, .int8, .numeric, .bool: return try postgresInteger(of: cell).map(String.init)
        default: return try cell.decode(String.self)
        }
    }
}

extension Data: StoredValue {
    func bindPostgres(into bindings: inout PostgresBindings) throws { bindings.append(ByteBuffer(bytes: self)) }
    static func postgresValue(of cell: PostgresCell) throws -> Data? {
        guard cell.bytes != nil else { return nil }
        return Data(buffer: try cell.decode(ByteBuffer.self))
    }
}

/// A row of a statement's result, read by column name or by position.
struct Row {
    enum Engine {
        case sqlite(GRDB.Row)
        case postgres(PostgresRandomAccessRow)
    }

    let engine: Engine

    init(sqlite: GRDB.Row) {
        engine = .sqlite(sqlite)
    }

    init(postgres: PostgresRow) {
        engine = .postgres(postgres.makeRandomAccess())
    }

    /// A value that must not be NULL: a NULL or a value of another kind is a mistake in the
    /// statement, as GRDB takes it.
    private static func required<Value>(_ value: Value?, _ column: String) -> Value {
        guard let value else { preconditionFailure("column \(column) is NULL or of another kind") }
        return value
    }

    private static func postgres<Value: DatabaseValueConvertible>(_ cell: PostgresCell) -> Value? {
        do {
            return try Value.postgresValue(of: cell)
        } catch {
            preconditionFailure("column \(cell.columnName) does not hold a \(Value.self): \(error)")
        }
    }

    subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
        switch engine {
        case .sqlite(let row): Value.read(row, at: index)
        case .postgres(let row): Self.required(Self.postgres(row[index]), "\(index)")
        }
    }

    subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value? {
        switch engine {
        case .sqlite(let row): Value.readIfPresent(row, at: index)
        case .postgres(let row): Self.postgres(row[index])
        }
    }

    subscript<Value: DatabaseValueConvertible>(_ column: String) -> Value {
        switch engine {
        case .sqlite(let row): Value.read(row, named: column)
        case .postgres(let row): Self.required(Self.postgres(row[column]), column)
        }
    }

    subscript<Value: DatabaseValueConvertible>(_ column: String) -> Value? {
        switch engine {
        case .sqlite(let row): Value.readIfPresent(row, named: column)
        case .postgres(let row): Self.postgres(row[column])
        }
    }

    /// Whether the column at `index` is NULL.
    func hasNull(atIndex index: Int) -> Bool {
        switch engine {
        case .sqlite(let row): row.hasNull(atIndex: index)
        case .postgres(let row): row[index].bytes == nil
        }
    }
}

/// The rows of a statement, one at a time. On SQLite the row a step answers is reused by the
/// next step, and reads from the cursor's statement: a row is read while its cursor lives.
final class RowCursor {
    enum Engine {
        case sqlite(GRDB.RowCursor)
        case postgres(IndexingIterator<[PostgresRow]>)
    }

    private var engine: Engine

    init(engine: Engine) {
        self.engine = engine
    }

    func next() throws -> Row? {
        switch engine {
        case .sqlite(let cursor):
            return try cursor.next().map(Row.init(sqlite:))
        case .postgres(var rows):
            let row = rows.next()
            engine = .postgres(rows)
            return row.map(Row.init(postgres:))
        }
    }

    /// The first row made into a value, nil when there is no row.
    func first<Value>(_ transform: (Row) throws -> Value?) throws -> Value? {
        guard let row = try next() else { return nil }
        return try transform(row)
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
        try statement.rows(arguments)
    }

    static func fetchCursor(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> RowCursor {
        try fetchCursor(db.statement(sql: sql), arguments: arguments)
    }

    static func fetchAll(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        switch statement.engine {
        case .sqlite(let statement): try GRDB.Row.fetchAll(statement, arguments: arguments.sqlite).map(Row.init(sqlite:))
        case .postgres(let session, let sql): try session.run(sql, arguments).map(Row.init(postgres:))
        }
    }

    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try fetchAll(db.statement(sql: sql), arguments: arguments)
    }

    static func fetchOne(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        switch statement.engine {
        case .sqlite(let statement): try GRDB.Row.fetchOne(statement, arguments: arguments.sqlite).map(Row.init(sqlite:))
        case .postgres(let session, let sql): try session.run(sql, arguments).first.map(Row.init(postgres:))
        }
    }

    static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try fetchOne(db.statement(sql: sql), arguments: arguments)
    }
}

extension Database {
    /// A statement prepared for one use (`fetch...(db, sql:)`).
    fileprivate func statement(sql: String) throws -> Statement {
        switch engine {
        case .sqlite(let connection): Statement(engine: .sqlite(try connection.makeStatement(sql: sql)))
        case .postgres(let session): Statement(engine: .postgres(session, sql))
        }
    }
}

/// A value's fetches read its statement's first column.
extension DatabaseValueConvertible {
    static func fetchCursor(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> ValueCursor<Self> {
        switch statement.engine {
        case .sqlite(let statement):
            return try sqliteCursor(statement, arguments.sqlite)
        case .postgres:
            let rows = try statement.rows(arguments)
            return ValueCursor { try rows.next().map { $0[0] as Self } }
        }
    }

    static func fetchCursor(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> ValueCursor<Self> {
        try fetchCursor(db.statement(sql: sql), arguments: arguments)
    }

    static func fetchAll(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        switch statement.engine {
        case .sqlite(let statement): return try sqliteFetchAll(statement, arguments.sqlite)
        case .postgres:
            return try statement.rows(arguments).map { $0[0] as Self }
        }
    }

    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try fetchAll(db.statement(sql: sql), arguments: arguments)
    }

    /// The first row's value; nil when there is no row, or its value is NULL.
    static func fetchOne(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        switch statement.engine {
        case .sqlite(let statement): return try sqliteFetchOne(statement, arguments.sqlite)
        case .postgres:
            return try statement.rows(arguments).first { $0[0] }
        }
    }

    static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try fetchOne(db.statement(sql: sql), arguments: arguments)
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
        try Row.fetchCursor(statement, arguments: arguments).map(Self.init(row:))
    }

    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try Row.fetchCursor(db, sql: sql, arguments: arguments).map(Self.init(row:))
    }

    static func fetchOne(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try Row.fetchCursor(statement, arguments: arguments).first(Self.init(row:))
    }

    static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try Row.fetchCursor(db, sql: sql, arguments: arguments).first(Self.init(row:))
    }
}

/// The records of a statement, one at a time.
struct RecordCursor<Record: FetchableRecord> {
    let rows: RowCursor

    func next() throws -> Record? {
        try rows.next().map(Record.init(row:))
    }
}
