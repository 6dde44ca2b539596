import Foundation
import GRDB
import Metrics
import Synchronization
import Testing

@testable import Roost

@Suite struct GroupCommitTests {
    struct Refused: Error {}

    /// Writes that arrive together share a commit, but a failing one takes back all of its
    /// own rows and none of the others'.
    @Test func aFailingWriteRollsBackAloneInItsGroup() async throws {
        // The point is the transactions, not the file: an in-memory database will do.
        let database = try AppDatabase(DatabaseQueue())
        try await database.write { try $0.execute(sql: "CREATE TABLE scratch (writer INTEGER, part INTEGER)") }

        let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
            for writer in 0..<60 {
                group.addTask {
                    do {
                        try await database.write { db in
                            try db.execute(sql: "INSERT INTO scratch VALUES (?, 1)", arguments: [writer])
                            try db.execute(sql: "INSERT INTO scratch VALUES (?, 2)", arguments: [writer])
                            if writer % 3 == 0 { throw Refused() }
                        }
                        return (writer, true)
                    } catch {
                        return (writer, false)
                    }
                }
            }
            var results: [Int: Bool] = [:]
            for await (writer, succeeded) in group { results[writer] = succeeded }
            return results
        }

        #expect(outcomes.filter { !$0.value }.keys.sorted() == Array(stride(from: 0, to: 60, by: 3)))
        let stored = try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT writer, COUNT(*) AS parts FROM scratch GROUP BY writer ORDER BY writer")
                .map { (writer: $0["writer"] as Int, parts: $0["parts"] as Int) }
        }
        #expect(stored.map(\.writer) == (0..<60).filter { $0 % 3 != 0 })
        #expect(stored.allSatisfy { $0.parts == 2 })
    }

    /// A group whose commit fails (here a deferred foreign key, checked only at COMMIT) fails
    /// every write in it, keeps none of their rows, and the next group commits as usual.
    @Test func aGroupWhoseCommitFailsFailsEveryWriteInIt() async throws {
        let writer = try DatabaseQueue()
        try await writer.write { db in
            try db.execute(sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (name TEXT, parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
                """)
        }
        let commit = GroupCommit(writer: SQLiteTransactions(writer: writer), storage: StorageHealth(folder: NSTemporaryDirectory()), metrics: NOOPMetricsHandler.instance)
        @Sendable func succeeds(_ body: @escaping @Sendable (Roost.Database) throws -> Void) async -> Bool {
            do {
                try await commit.write(body)
                return true
            } catch {
                return false
            }
        }
        @Sendable func insert(_ name: String, parent: Int) async -> Bool {
            await succeeds { db in try db.execute(sql: "INSERT INTO child VALUES (?, ?)", arguments: [name, parent]) }
        }

        // The first write holds the writer until the next three wait together behind it.
        let started = Atomic<Bool>(false)
        let released = Atomic<Bool>(false)
        async let first = succeeds { db in
            started.store(true, ordering: .releasing)
            while !released.load(ordering: .acquiring) { usleep(1_000) }
            try db.execute(sql: "INSERT INTO parent VALUES (1)")
            try db.execute(sql: "INSERT INTO child VALUES ('first', 1)")
        }
        while !started.load(ordering: .acquiring) { await Task.yield() }
        async let good = insert("good", parent: 1)
        async let orphan = insert("orphan", parent: 99)
        async let alsoGood = insert("also good", parent: 1)
        while commit.waitingCount < 3 { await Task.yield() }
        released.store(true, ordering: .releasing)

        let outcomes = await [first, good, orphan, alsoGood]
        #expect(outcomes == [true, false, false, false])
        #expect(await insert("after", parent: 1))
        let names = try await writer.read { try String.fetchAll($0, sql: "SELECT name FROM child ORDER BY rowid") }
        #expect(names == ["first", "after"])
    }

    /// Once a write has failed for lack of disk space, the next is refused before it runs, even
    /// one small enough to fit, until space comes free.
    @Test func aFullDiskRefusesWritesBeforeTheyRun() async throws {
        let writer = try DatabaseQueue()
        try await writer.write { try $0.execute(sql: "CREATE TABLE scratch (value INTEGER)") }
        let storage = StorageHealth(folder: NSTemporaryDirectory())
        let commit = GroupCommit(writer: SQLiteTransactions(writer: writer), storage: storage, metrics: NOOPMetricsHandler.instance)

        #expect(storage.failure(for: DatabaseError(resultCode: .SQLITE_FULL)) == .outOfSpace)
        let ran = Atomic<Bool>(false)
        await #expect(throws: APIError.outOfSpace) {
            try await commit.write { db in
                ran.store(true, ordering: .relaxed)
                try db.execute(sql: "INSERT INTO scratch VALUES (1)")
            }
        }
        let bodyRan = ran.load(ordering: .relaxed)
        #expect(!bodyRan)
        #expect(try await writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM scratch") } == 0)
    }
}
