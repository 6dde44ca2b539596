/// The columns a record reads, declared once: an enum whose cases are named exactly as the
/// table's columns and listed in the order the record reads them. The same declaration
/// gives a query its `SELECT` list and gives `init(row:)` the position of each column, so
/// the two cannot drift apart. Reading by position skips GRDB's case-insensitive lookup of
/// each column name (a tenth of a message page's cost).
protocol TableColumns: CaseIterable, RawRepresentable where RawValue == Int {}

extension TableColumns {
    /// The columns qualified by the name a query gives the table: `m.id, m.channel_id, ...`.
    static func qualified(by table: String) -> String {
        allCases.map { "\(table).\($0)" }.joined(separator: ", ")
    }
}

extension Row {
    /// The value of a record's column, read by its position in the record's `SELECT` list.
    subscript<Value: DatabaseValueConvertible>(_ column: some TableColumns) -> Value {
        self[column.rawValue]
    }

    /// The value of a record's column, nil when it is NULL.
    subscript<Value: DatabaseValueConvertible>(_ column: some TableColumns) -> Value? {
        self[column.rawValue]
    }

    /// The value of a record's column when the record's columns stand `offset` places into
    /// the row, after another table's (a join read in one statement).
    subscript<Value: DatabaseValueConvertible>(_ column: some TableColumns, from offset: Int) -> Value {
        self[offset + column.rawValue]
    }

    subscript<Value: DatabaseValueConvertible>(_ column: some TableColumns, from offset: Int) -> Value? {
        self[offset + column.rawValue]
    }
}
