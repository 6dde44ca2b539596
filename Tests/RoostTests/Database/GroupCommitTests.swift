import GRDB
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
}
