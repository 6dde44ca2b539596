/// One statement of a read and the value its rows make: what a read of one statement runs
/// (`AppDatabase.read(_:)`), a repository having written it.
struct Query<Value: Sendable>: @unchecked Sendable {
    let sql: DialectText
    /// Unchecked `Sendable`: the values bound are the query's own, read by one read only.
    let arguments: StatementArguments
    let value: @Sendable ([Row]) -> Value

    init(sql: DialectText, arguments: StatementArguments, value: @escaping @Sendable ([Row]) -> Value) {
        (self.sql, self.arguments, self.value) = (sql, arguments, value)
    }

    /// A statement whose text is the same on both engines.
    init(sql: String, arguments: StatementArguments, value: @escaping @Sendable ([Row]) -> Value) {
        self.init(sql: DialectText { _ in sql }, arguments: arguments, value: value)
    }
}
