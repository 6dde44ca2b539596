/// The database's tables, as a whole: for emptying the application (`EmulatorReset`).
enum Tables {
    /// The names of the ordinary tables (virtual tables, the search index, are left out).
    /// On PostgreSQL, the engine's own tables are left out too: the record of its migrations,
    /// and the table whose lock is the writers' turn.
    static func names(in db: Database) throws -> [String] {
        switch db.dialect {
        case .sqlite:
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")
        case .postgres:
            try String.fetchAll(db, sql: """
                SELECT table_name FROM information_schema.tables
                WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT IN (\(PostgresEngine.ownTables.map { "'\($0)'" }.joined(separator: ", ")))
                ORDER BY table_name
                """)
        }
    }

    /// Deletes every row of a table.
    static func deleteRows(of table: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM \"\(table)\"")
    }
}
