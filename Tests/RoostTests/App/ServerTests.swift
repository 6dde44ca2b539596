import Foundation
import GRDB
import HTTPTypes
import Roost
import Testing

@Suite struct ServerTests {
    @Test func healthNeedsNoToken() async throws {
        try await withServer { api in
            let reply = try await api.call(.get, "/health", token: nil)
            #expect(reply.status == .ok)
            #expect(reply["status"] == "ok")
        }
    }

    @Test func everyAPIRequestNeedsTheMasterToken() async throws {
        try await withServer { api in
            expectError(try await api.call(.get, "/v3/users", token: nil), status: .unauthorized, code: 400401)
            expectError(try await api.call(.get, "/v3/users", token: "wrong"), status: .unauthorized, code: 400401)
            expectError(
                try await api.call(.post, "/v3/users", body: #"{"user_id": "a", "nickname": "", "profile_url": ""}"#, token: "wrong"),
                status: .unauthorized, code: 400401
            )
            #expect(try await api.get("/v3/users").status == .ok)
        }
    }

    @Test func unknownPathIsAJSON400() async throws {
        try await withServer { api in
            expectError(try await api.get("/v3/no_such_thing"), status: .badRequest, code: 400201)
            expectError(try await api.call(.get, "/nowhere", token: nil), status: .badRequest, code: 400201)
        }
    }

    @Test func malformedJSONIsAClearError() async throws {
        try await withServer { api in
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "#), code: 400103)
            expectError(try await api.post("/v3/users", "[1, 2]"), code: 400103)
            expectError(try await api.post("/v3/users", "null"), code: 400103)
            // Well-formed JSON with a number its field cannot hold is a wrong value, not broken JSON.
            try await api.createUsers("a")
            expectError(try await api.put("/v3/users/a", #"{"last_seen_at": 1.5}"#), code: 400111)
            expectError(try await api.put("/v3/users/a", #"{"last_seen_at": 1e40}"#), code: 400111)
        }
    }

    @Test func deeplyNestedJSONIsRefusedNotFatal() async throws {
        try await withServer { api in
            let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "nickname": "", "profile_url": "", "metadata": \#(deep)}"#), code: 400103)
            #expect(try await api.call(.get, "/health", token: nil).status == .ok)
        }
    }

    @Test func wrongContentTypeIsRefused() async throws {
        try await withServer { api in
            let reply = try await api.call(
                .post, "/v3/users", body: "user_id=a", headers: [.contentType: "application/x-www-form-urlencoded"]
            )
            expectError(reply, status: .badRequest, code: 400111)
        }
    }

    @Test func oversizedBodyIsRefused() async throws {
        try await withServer(maxBodySize: 1024) { api in
            let big = String(repeating: "x", count: 4096)
            let reply = try await api.post("/v3/users", #"{"user_id": "a", "nickname": "\#(big)", "profile_url": ""}"#)
            expectError(reply, status: .badRequest, code: 400110)
            #expect(try await api.get("/v3/users/a").status == .badRequest)
        }
    }

    @Test func tamperedPageTokenIsA400() async throws {
        try await withServer { api in
            for token in ["garbage", "W10", "WyJ4Il0", "%FF%FE"] {
                expectError(try await api.get("/v3/users?token=\(token)"), code: 400111)
            }
        }
    }

    @Test func dataSurvivesARestart() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try await withServer(database: database) { api in
            try await api.createUser("survivor", extra: #""metadata": {"k": "v"}"#)
        }
        try await withServer(database: database) { api in
            let reply = try await api.get("/v3/users/survivor")
            #expect(reply.status == .ok)
            #expect(reply["metadata"] == ["k": "v"])
        }
    }

    @Test func migrationsAreRecordedAndAppliedOnce() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        _ = try AppDatabase(path: database.path)
        let queue = try DatabaseQueue(path: database.path)
        let applied = try await queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied.first == "0001_users")
        let schema = try await queue.read { db in try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name") }
        try queue.close()

        _ = try AppDatabase(path: database.path)
        let again = try DatabaseQueue(path: database.path)
        #expect(try await again.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") } == applied)
        #expect(try await again.read { db in try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name") } == schema)
        #expect(try await again.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
    }

    @Test func databaseFromANewerRoostIsRefused() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        _ = try AppDatabase(path: database.path)
        let queue = try DatabaseQueue(path: database.path)
        try await queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('9999_from_the_future')") }
        try queue.close()
        #expect(throws: DatabaseTooNewError.self) { try AppDatabase(path: database.path) }
    }

    @Test func masterTokenIsGeneratedOnceAndKept() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        _ = try AppDatabase(path: database.path)
        let settings = Settings(port: 0, databasePath: database.path, logLevel: .critical)
        _ = try await buildApplication(settings)
        let queue = try DatabaseQueue(path: database.path)
        let first = try await queue.read { db in try String.fetchOne(db, sql: "SELECT api_token FROM application") }
        try queue.close()
        _ = try await buildApplication(settings)
        let reread = try DatabaseQueue(path: database.path)
        let second = try await reread.read { db in try String.fetchOne(db, sql: "SELECT api_token FROM application") }
        #expect(first != nil && first?.count == 40)
        #expect(first == second)
    }
}
