import Foundation
import GRDB
import PostgresNIO
import Testing

@testable import Roost

/// The two engines keep the same schema (`docs/storage.md`): PostgreSQL's migrations
/// (`migrations/postgres/`) give the tables, columns, keys, constraints and indexes that
/// SQLite's give, up to each engine's types. What one engine has for itself is named here.
@Suite(.enabled(if: TestPostgres.url != nil, "needs ROOST_TEST_POSTGRES_URL: scripts/test starts a PostgreSQL"))
struct SchemaParityTests {
    /// One table as both engines describe it.
    struct Table: Equatable, CustomStringConvertible {
        var columns: [String] = []
        var types: [String] = []
        var notNull: Set<String> = []
        var primaryKey: Set<String> = []
        /// `column -> table.column ON DELETE action`.
        var foreignKeys: Set<String> = []
        var checks = 0

        var description: String {
            "columns \(columns) types \(types) not null \(notNull.sorted()) key \(primaryKey.sorted()) references \(foreignKeys.sorted()) checks \(checks)"
        }
    }

    /// SQLite's own tables and the search index's, which PostgreSQL keeps another way.
    static let sqliteOnlyTables: Set<String> = [
        "grdb_migrations", "sqlite_sequence", "message_search", "message_search_data", "message_search_idx",
        "message_search_content", "message_search_docsize", "message_search_config", "message_search_terms",
    ]
    /// PostgreSQL's own: its search index and the record of its migrations.
    static let postgresOnlyTables: Set<String> = ["message_search", "message_search_terms", "schema_migrations"]
    static let postgresOnlyIndexes: Set<String> = ["message_search_by_term", "message_search_terms_trigrams"]

    @Test func postgresKeepsSQLitesTablesColumnsKeysAndIndexes() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let sqlite = try AppDatabase(path: file.path)
        let (sqliteTables, sqliteIndexes) = try await sqlite.read { db in try Self.sqliteSchema(db.sqlite) }
        try await sqlite.close()

        let (postgresTables, postgresIndexes) = try await TestPostgres.withDatabase(withSchema: true) { connection in
            try await Self.postgresSchema(connection)
        }

        let shared = Set(sqliteTables.keys).subtracting(Self.sqliteOnlyTables)
        #expect(Set(postgresTables.keys).subtracting(Self.postgresOnlyTables) == shared, "tables")
        for name in shared.sorted() {
            #expect(postgresTables[name] == sqliteTables[name], "\(name): PostgreSQL \(postgresTables[name].map(\.description) ?? "none"), SQLite \(sqliteTables[name].map(\.description) ?? "none")")
        }
        #expect(postgresIndexes.subtracting(Self.postgresOnlyIndexes) == sqliteIndexes, "indexes")
        #expect(postgresTables.keys.contains("message_search"), "the search index")
    }

    /// SQLite's types as PostgreSQL spells them (`docs/storage.md`).
    static func postgresType(ofSQLite type: String) -> String {
        switch type.uppercased() {
        case "INTEGER": "bigint"
        case "TEXT": "text"
        case "REAL": "double precision"
        case "BLOB": "bytea"
        default: type
        }
    }

    static func sqliteSchema(_ db: GRDB.Database) throws -> (tables: [String: Table], indexes: Set<String>) {
        var tables: [String: Table] = [:]
        for row in try GRDB.Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table'") {
            let name: String = row["name"]
            let sql: String = row["sql"] ?? ""
            var table = Table()
            for column in try GRDB.Row.fetchAll(db, sql: "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?) ORDER BY cid", arguments: [name]) {
                let columnName: String = column["name"]
                table.columns.append(columnName)
                table.types.append(postgresType(ofSQLite: column["type"]))
                let isKey = (column["pk"] as Int) > 0
                if isKey { table.primaryKey.insert(columnName) }
                // A primary key's columns are never NULL in practice; PostgreSQL says so.
                if (column["notnull"] as Int) == 1 || isKey { table.notNull.insert(columnName) }
            }
            for key in try GRDB.Row.fetchAll(db, sql: "SELECT \"from\", \"table\", \"to\", on_delete FROM pragma_foreign_key_list(?)", arguments: [name]) {
                let target: String = key["table"]
                let to: String? = key["to"]
                table.foreignKeys.insert("\(key["from"] as String) -> \(target).\(to ?? "id") ON DELETE \(key["on_delete"] as String)")
            }
            table.checks = sql.uppercased().matches(of: #/CHECK\s*\(/#).count
            tables[name] = table
        }
        // Indexes made by CREATE INDEX: not SQLite's own for keys and unique constraints.
        let indexes = try GRDB.Row.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%' AND sql IS NOT NULL"
        ).map { $0["name"] as String }
        return (tables, Set(indexes))
    }

    static func postgresSchema(_ connection: PostgresConnection) async throws -> (tables: [String: Table], indexes: Set<String>) {
        let logger = TestPostgres.logger
        var tables: [String: Table] = [:]
        let columns = try await connection.query("""
            SELECT table_name::text, column_name::text, data_type::text, is_nullable::text FROM information_schema.columns
            WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
            """, logger: logger)
        for try await (table, column, type, nullable) in columns.decode((String, String, String, String).self) {
            tables[table, default: Table()].columns.append(column)
            tables[table, default: Table()].types.append(type)
            if nullable == "NO" { tables[table, default: Table()].notNull.insert(column) }
        }
        let keys = try await connection.query("""
            SELECT t.relname::text, a.attname::text FROM pg_index i
            JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
            JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY (i.indkey)
            WHERE i.indisprimary AND n.nspname = 'public'
            """, logger: logger)
        for try await (table, column) in keys.decode((String, String).self) {
            tables[table, default: Table()].primaryKey.insert(column)
        }
        let references = try await connection.query("""
            SELECT t.relname::text, a.attname::text, r.relname::text, ra.attname::text, c.confdeltype::text FROM pg_constraint c
            JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
            JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE c.contype = 'f' AND n.nspname = 'public'
            """, logger: logger)
        let actions = ["a": "NO ACTION", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL", "d": "SET DEFAULT"]
        for try await (table, column, target, to, action) in references.decode((String, String, String, String, String).self) {
            tables[table, default: Table()].foreignKeys.insert("\(column) -> \(target).\(to) ON DELETE \(actions[action] ?? action)")
        }
        let checks = try await connection.query("""
            SELECT t.relname::text, count(*)::bigint FROM pg_constraint c
            JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE c.contype = 'c' AND n.nspname = 'public' GROUP BY t.relname
            """, logger: logger)
        for try await (table, count) in checks.decode((String, Int64).self) {
            tables[table, default: Table()].checks = Int(count)
        }
        // Indexes made by CREATE INDEX: not those behind primary keys and unique constraints.
        let indexes = try await connection.query("""
            SELECT i.relname::text FROM pg_index x
            JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace
            WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
            """, logger: logger)
        var names: Set<String> = []
        for try await name in indexes.decode(String.self) { names.insert(name) }
        return (tables, names)
    }
}
