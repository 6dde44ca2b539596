import Foundation
import GRDB

/// Owns the SQLite database: opens the one `DatabasePool` (WAL mode, foreign keys on,
/// a busy timeout) and applies the migrations under `migrations/`. Nothing else opens connections.
public final class AppDatabase: Sendable {
    let pool: DatabasePool

    public init(path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        let migrator = try Self.migrator()
        if try pool.read(migrator.hasBeenSuperseded) {
            throw DatabaseTooNewError(path: path)
        }
        try migrator.migrate(pool)
    }

    /// Every file of `migrations/`, in name order, as one GRDB migration each. A database
    /// that records a migration this build does not know was written by a newer Roost.
    private static func migrator() throws -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in try Migration.bundled() {
            migrator.registerMigration(migration.identifier) { db in
                try db.execute(sql: migration.sql)
            }
        }
        return migrator
    }
}

struct Migration {
    let identifier: String
    let sql: String

    static func bundled() throws -> [Migration] {
        guard let folder = Bundle.module.url(forResource: "migrations", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "migrations"])
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") }
            .sorted()
        return try names.map { name in
            Migration(
                identifier: String(name.dropLast(".sql".count)),
                sql: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            )
        }
    }
}

/// Raised at start-up when the database file was written by a newer Roost.
public struct DatabaseTooNewError: Error, CustomStringConvertible {
    let path: String

    public var description: String {
        "The database at \(path) was written by a newer version of Roost; upgrade Roost to open it."
    }
}
