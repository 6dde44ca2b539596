/// One statement of a read and the value its first row makes: what a read of one statement
/// runs (`AppDatabase.read(_:)`), a repository having written it.
struct Query<Value: Sendable>: @unchecked Sendable {
    let sql: String
    /// Unchecked `Sendable`: the values bound are the query's own, read by one read only.
    let arguments: StatementArguments
    let value: @Sendable (Row) -> Value
}
