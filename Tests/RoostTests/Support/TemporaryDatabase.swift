import Foundation

/// A fresh SQLite file in the temporary folder, removed with its WAL files afterwards.
struct TemporaryDatabase {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("roost-test-\(UUID().uuidString).sqlite").path

    func remove() {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
