import Foundation
import GRDB

/// A snapshot file: one SQLite file holding Roost's whole database, as SQLite's online backup
/// copies it, plus the uploaded files (table `roost_snapshot_files`) and when it was taken
/// (`roost_snapshot`). What `POST /roost/snapshots`, `--import` and `--export-on-exit` read
/// and write; a plain Roost database file can be loaded too.
struct SnapshotArchive: Sendable {
    let database: AppDatabase
    let files: FileStorage
    let clock: WallClock
    private let snapshots = SnapshotRepository()

    /// Writes the current state to `path`, replacing what is there only once the file is whole.
    func write(to path: String) async throws {
        let takenAt = clock.now
        let work = path + ".part"
        Self.removeDatabaseFiles(at: work)
        defer { Self.removeDatabaseFiles(at: work) }
        let stored = try files.everyFile()
        let queue = try DatabaseQueue(path: work)
        try await database.copy(to: queue)
        try await queue.writeWithoutTransaction { [snapshots] db in
            // The copy carries the live database's WAL mode.
            try snapshots.useOneFile(in: Database(db))
            try db.inTransaction {
                try snapshots.addSnapshotTables(takenAt: takenAt, version: roostVersion, files: stored.map { ($0.path, $0.contents) }, in: Database(db))
                return .commit
            }
        }
        try queue.close()
        // rename(2) replaces the old file in one step: a reader sees the old or the new one.
        guard rename(work, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    }

    /// Replaces the whole state with the snapshot at `path`: checked and brought to this
    /// version's schema on a copy first, so a file that is not a Roost snapshot, or one from a
    /// newer Roost, changes nothing. The caller keeps requests out meanwhile.
    func load(from path: String) async throws {
        guard FileManager.default.fileExists(atPath: path) else { throw APIError.unusableSnapshot(path, "there is no such file") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("roost-restore-\(UUID().uuidString).sqlite").path
        defer { Self.removeDatabaseFiles(at: work) }
        let copy = try DatabaseQueue(path: work)
        do {
            var readOnly = Configuration()
            readOnly.readonly = true
            let source = try DatabaseQueue(path: path, configuration: readOnly)
            try await copy.writeWithoutTransaction { target in
                try source.inDatabase { db in
                    guard try snapshots.isIntact(Database(db)) else { throw APIError.unusableSnapshot(path, "the file is damaged") }
                    try db.backup(to: target)
                }
            }
            try source.close()
        } catch let error as DatabaseError {
            throw APIError.unusableSnapshot(path, "it is not an SQLite database (\(error.message ?? "\(error.resultCode)"))")
        }
        let migrator = Migration.migrator()
        let stored = try await copy.writeWithoutTransaction { [snapshots] db -> [(path: String, contents: Data)] in
            guard try db.tableExists("grdb_migrations"), try db.tableExists("application") else {
                throw APIError.unusableSnapshot(path, "it holds no Roost database")
            }
            if try migrator.hasBeenSuperseded(db) { throw APIError.unusableSnapshot(path, "a newer version of Roost wrote it") }
            return try snapshots.removeSnapshotTables(in: Database(db))
        }
        // A snapshot from an earlier version gains the tables added since.
        try migrator.migrate(copy)
        try await database.replace(with: copy)
        try copy.close()
        try files.replaceAll(with: stored)
    }

    /// When the snapshot at `path` was taken; nil for a file that does not say.
    static func takenAt(_ path: String) -> Int64? {
        var readOnly = Configuration()
        readOnly.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: readOnly) else { return nil }
        defer { try? queue.close() }
        return try? queue.read { db in try SnapshotRepository().takenAt(in: Database(db)) }
    }

    static func removeDatabaseFiles(at path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

extension APIError {
    /// A snapshot that cannot be read, is not one, or is from a newer Roost: the client's mistake.
    static func unusableSnapshot(_ path: String, _ reason: String) -> APIError {
        APIError(code: 400111, message: "The snapshot \(URL(fileURLWithPath: path).lastPathComponent) cannot be loaded: \(reason).")
    }
}
