/// The database's tables, as a whole: for emptying the application (`EmulatorReset`).
enum Tables {
    /// The names of the ordinary tables (virtual tables, the search index, are left out).
    static func names(in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")
    }

    /// Deletes every row of a table.
    static func deleteRows(of table: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM \"\(table)\"")
    }
}
