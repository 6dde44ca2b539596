import Foundation
import GRDB

/// Owns the SQLite database: opens the one `DatabasePool` (WAL mode, foreign keys on,
/// a busy timeout) and applies the migrations under `migrations/`. Nothing else opens connections.
public final class AppDatabase: Sendable {
    let pool: DatabasePool
    private let groupCommit: GroupCommit

    /// Opens (creating when needed) and migrates the database. With `.normal` durability a
    /// commit reaches the operating system before it returns, so it survives Roost crashing;
    /// with `.full` it is also synced to disk, so it survives power loss.
    public init(path: String, durability: Settings.Durability = .normal) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        let synchronous = durability == .full ? "FULL" : "NORMAL"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
            // The writer copies the log back every 4,000 pages (16 MB) rather than SQLite's
            // 1,000: a page that many sends touch is copied once per checkpoint, and the
            // checkpoint's fsyncs stall the one writer a quarter as often (sends +25%).
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 4000")
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        let migrator = try Self.migrator()
        if try pool.read(migrator.hasBeenSuperseded) {
            throw DatabaseTooNewError(path: path)
        }
        try migrator.migrate(pool)
        groupCommit = GroupCommit(pool: pool)
    }

    /// Runs changes as one all-or-nothing unit, committed together with the changes other
    /// requests ask for at the same moment (group commit).
    func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await groupCommit.write(updates)
    }

    /// Reads a consistent snapshot, in parallel with other reads and with the writer.
    func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await pool.read(value)
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
