import Foundation
import GRDB
import Testing

@testable import Roost

@Suite struct CheckpointerTests {
    private func fileSize(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    }

    /// What the writer commits reaches the database file shortly after, without the writer
    /// checkpointing: 1 MB is far below the length at which it would.
    @Test func commitsAreCopiedIntoTheFileBesideTheWriter() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let database = try AppDatabase(path: file.path)
        try await database.write { try $0.execute(sql: "CREATE TABLE scratch (payload BLOB)") }
        let before = try fileSize(file.path)
        for _ in 0..<8 {
            try await database.write { db in
                for _ in 0..<32 { try db.execute(sql: "INSERT INTO scratch VALUES (randomblob(4000))") }
            }
        }
        #expect(try await eventually { try fileSize(file.path) >= before + 1_000_000 })
        try await database.close()
    }

    /// Closing while a checkpoint is scheduled leaves it undone, not run on a closed connection.
    @Test func closingWithACheckpointDueIsSafe() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let database = try AppDatabase(path: file.path)
        try await database.write { try $0.execute(sql: "CREATE TABLE scratch (payload BLOB)") }
        let checkpointer = try Checkpointer(path: file.path)
        checkpointer.committed()
        await checkpointer.settled()
        #expect(checkpointer.checkpointsRun == 1, "a checkpoint runs once it is due")
        checkpointer.committed()
        try checkpointer.close()
        await checkpointer.settled()
        #expect(checkpointer.checkpointsRun == 1, "the checkpoint due at closing never ran")
        try await database.close()
        let reopened = try DatabaseQueue(path: file.path)
        #expect(try await reopened.read { try $0.tableExists("scratch") })
    }
}
