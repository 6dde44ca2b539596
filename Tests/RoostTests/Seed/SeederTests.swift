import GRDB
import Testing

@testable import Roost

@Suite struct SeederTests {
    /// A seeded database is at rest: a server started on it has no search index to build
    /// first (the benchmark's first rows measured that work).
    @Test func aSeededDatabaseHasItsMessagesIndexedForSearch() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        try await Seeder(location: file.path).seed(.init(users: 10, channels: 3, messages: 25_000))
        let seeded = try DatabaseQueue(path: file.path)
        let (queued, indexed) = try await seeded.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM message_search_queue"),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM message_search"))
        }
        #expect(queued == 0)
        #expect(indexed == 25_000)
    }

    /// bench/run seeds its PostgreSQL part the same way.
    @Test(.enabled(if: TestPostgres.url != nil, "needs ROOST_TEST_POSTGRES_URL: scripts/test starts a PostgreSQL"))
    func aPostgresDatabaseIsSeededAndIndexedToo() async throws {
        let (url, drop) = try await TestPostgres.serverDatabase()
        let seeder = try Seeder(location: url)
        try await seeder.seed(.init(users: 10, channels: 3, messages: 500))
        try await seeder.close()
        let seeded = try AppDatabase(location: url)
        let (messages, queued, indexed) = try await seeded.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM messages"),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM message_search_queue"),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM message_search"))
        }
        try await seeded.close()
        await drop()
        #expect(messages == 500)
        #expect(queued == 0)
        #expect(indexed == 500)
    }
}
