import Foundation

/// The tables a snapshot file adds to a copy of Roost's database: when it was taken
/// (`roost_snapshot`) and the uploaded files (`roost_snapshot_files`). Every method runs on
/// the snapshot's own connection.
struct SnapshotRepository: Sendable {
    /// A snapshot is one file, whatever journal mode the database it copies used.
    func useOneFile(in db: Database) throws {
        try db.execute(sql: "PRAGMA journal_mode = DELETE")
    }

    func addSnapshotTables(takenAt: Int64, version: String, files: [(path: String, contents: Data)], in db: Database) throws {
        try db.execute(sql: "CREATE TABLE roost_snapshot (taken_at INTEGER NOT NULL, roost_version TEXT NOT NULL)")
        try db.execute(sql: "INSERT INTO roost_snapshot VALUES (?, ?)", arguments: [takenAt, version])
        try db.execute(sql: "CREATE TABLE roost_snapshot_files (path TEXT PRIMARY KEY, contents BLOB NOT NULL)")
        for file in files {
            try db.execute(sql: "INSERT INTO roost_snapshot_files VALUES (?, ?)", arguments: [file.path, file.contents])
        }
    }

    /// Whether SQLite finds the file whole.
    func isIntact(_ db: Database) throws -> Bool {
        try String.fetchOne(db, sql: "PRAGMA quick_check") == "ok"
    }

    /// Takes the snapshot's own tables out of a loaded copy; answers the files it held. Streams
    /// open when it was taken are not open now.
    func removeSnapshotTables(in db: Database) throws -> [(path: String, contents: Data)] {
        var stored: [(path: String, contents: Data)] = []
        if try db.tableExists("roost_snapshot_files") {
            stored = try Row.fetchAll(db, sql: "SELECT path, contents FROM roost_snapshot_files ORDER BY path").map { ($0["path"], $0["contents"]) }
        }
        try db.execute(sql: "DROP TABLE IF EXISTS roost_snapshot_files")
        try db.execute(sql: "DROP TABLE IF EXISTS roost_snapshot")
        try db.execute(sql: "UPDATE users SET open_streams = 0 WHERE open_streams > 0")
        if try db.tableExists("node_streams") {
            try db.execute(sql: "DELETE FROM node_streams")
            try db.execute(sql: "DELETE FROM nodes")
        }
        return stored
    }

    func takenAt(in db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT taken_at FROM roost_snapshot")
    }
}
