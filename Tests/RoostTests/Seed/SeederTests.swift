import GRDB
import Testing

@testable import Roost

@Suite struct SeederTests {
    /// A seeded database is at rest: a server started on it has no search index to build
    /// first (the benchmark's first rows measured that work).
    @Test func aSeededDatabaseHasItsMessagesIndexedForSearch() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        try await Seeder(databasePath: file.path).seed(.init(users: 10, channels: 3, messages: 25_000))
        let seeded = try DatabaseQueue(path: file.path)
        let (queued, indexed) = try await seeded.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM message_search_queue"),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM message_search"))
        }
        #expect(queued == 0)
        #expect(indexed == 25_000)
    }
}
