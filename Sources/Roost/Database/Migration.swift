import GRDB

/// One file of the top-level `migrations/` folder. The `EmbedMigrations` build plugin
/// compiles the files into the binary (`EmbeddedMigrations.files`), so a release binary
/// copied alone to another machine carries its schema with it.
struct Migration {
    let identifier: String
    let sql: String

    static let all = EmbeddedMigrations.files.map { Migration(identifier: $0.name, sql: $0.sql) }

    /// Every migration, in name order, as one GRDB migration each. A database that records
    /// a migration this build does not know was written by a newer Roost.
    static func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in all {
            // Foreign keys stay enforced while a migration runs, so GRDB need not check the whole
            // database after it (seconds on a million messages).
            migrator.registerMigration(migration.identifier, foreignKeyChecks: .immediate) { db in
                // Backfills of the search index call it.
                SearchWords.register(in: db)
                try db.execute(sql: migration.sql)
            }
        }
        return migrator
    }
}
