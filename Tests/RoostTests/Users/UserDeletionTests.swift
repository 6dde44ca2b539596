import Foundation
import GRDB
import Testing

@testable import Roost

/// Deleting a user who sent more messages than one write unlinks: they are gone for every
/// client at once, and their messages lose their sender after, a batch per write, showing the
/// same all along.
@Suite struct UserDeletionTests {
    /// What is left of users being deleted, read beside the server.
    private func leftovers(in file: TemporaryDatabase) throws -> (users: Int, linked: Int, jobs: Int) {
        let queue = try DatabaseQueue(path: file.path)
        return try queue.read { db in
            let users = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users WHERE deleted_at IS NOT NULL") ?? 0
            let linked = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM messages WHERE sender_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL)"
            ) ?? 0
            let jobs = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scheduled_jobs WHERE kind = ?", arguments: [UserDeletion.jobKind]) ?? 0
            return (users, linked, jobs)
        }
    }

    /// Every message of the room as the history shows it, oldest first.
    private func history(_ api: API) async throws -> [JSONValue] {
        var pages: [JSONValue] = []
        var from: Int64 = 0
        while true {
            let page = try await api.get("/v3/group_channels/room/messages?message_ts=\(from)&prev_limit=0&next_limit=200&include=false")
            let messages = page["messages"].array
            pages += messages
            guard messages.count == 200, let last = messages.last?["created_at"].int else { return pages }
            from = Int64(last)
        }
    }

    @Test func aUserOfManyMessagesIsGoneAtOnceAndTheirMessagesLoseTheirSenderAfter() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let imported = UserDeletion.messagesPerStep * 2 + 100
        try await withServer(database: file) { api in
            try await api.createUsers("alice", "bob")
            #expect(try await api.createChannel(#"{"user_ids": ["alice", "bob"], "channel_url": "room"}"#).status == .ok)
            try await api.importMessages(imported, into: "room", sentBy: { _ in "alice" })
            #expect(try await api.say("bob", "hello", in: "room").status == .ok)
            #expect(try await api.put("/v3/users/alice/metadata", #"{"metadata": {"city": "Oslo"}, "upsert": true}"#).status == .ok)

            #expect(try await api.delete("/v3/users/alice").status == .ok)
            // Gone for every client in the write that deleted them, though their messages still name their row.
            expectError(try await api.get("/v3/users/alice"), code: 400201)
            #expect(try await api.get("/v3/users?limit=100")["users"].array.map { $0["user_id"].string ?? "" } == ["bob"])
            #expect(try await api.get("/v3/group_channels/room?show_member=true")["members"].array.map { $0["user_id"].string ?? "" } == ["bob"])
            let during = try await history(api)
            #expect(during.count == imported + 1)
            #expect(during.prefix(imported).allSatisfy { $0["user"]["user_id"] != "alice" })
            // The user id is free at once: a new alice is someone else.
            #expect(try await api.createUser("alice").status == .ok)
            #expect(try await api.get("/v3/users/alice/metadata")["city"] == .null)

            // The job unlinks the rest, a batch a write, then deletes the row.
            #expect(try await eventually { try leftovers(in: file) == (0, 0, 0) })
            let after = try await history(api)
            #expect(after == during, "the messages show the same before the job ends and after")
        }
        let queue = try DatabaseQueue(path: file.path)
        try await queue.read { (db: GRDB.Database) throws in
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM messages WHERE sender_id IS NULL") == imported)
        }
    }

    /// A bot's user goes as any user does: a bot that sent many messages is gone at once, and
    /// the job unlinks its messages after.
    @Test func aBotOfManyMessagesGoesAsAUserDoes() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let imported = UserDeletion.messagesPerStep * 2 + 100
        try await withServer(database: file) { api in
            try await api.createUsers("bob")
            #expect(try await api.post("/v3/bots", BotTests.create).status == .ok)
            #expect(try await api.createChannel(#"{"user_ids": ["helper", "bob"], "channel_url": "room"}"#).status == .ok)
            try await api.importMessages(imported, into: "room", sentBy: { _ in "helper" })

            #expect(try await api.delete("/v3/bots/helper").status == .ok)
            expectError(try await api.get("/v3/bots/helper"), code: 400201)
            expectError(try await api.get("/v3/users/helper"), code: 400201)
            #expect(try await api.get("/v3/group_channels/room?show_member=true")["members"].array.map { $0["user_id"].string ?? "" } == ["bob"])
            #expect(try await history(api).allSatisfy { $0["user"]["user_id"] != "helper" })

            #expect(try await eventually { try leftovers(in: file) == (0, 0, 0) })
        }
        let queue = try DatabaseQueue(path: file.path)
        try await queue.read { (db: GRDB.Database) throws in
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM messages WHERE sender_id IS NULL") == imported)
        }
    }

    /// A user of few messages goes whole in the write that deletes them, as they always did.
    @Test func aUserOfFewMessagesGoesInOneWrite() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        try await withServer(database: file) { api in
            try await api.createUsers("alice", "bob")
            #expect(try await api.createChannel(#"{"user_ids": ["alice", "bob"], "channel_url": "room"}"#).status == .ok)
            #expect(try await api.say("alice", "hello", in: "room").status == .ok)
            #expect(try await api.delete("/v3/users/alice").status == .ok)
            #expect(try leftovers(in: file) == (0, 0, 0))
            let queue = try DatabaseQueue(path: file.path)
            #expect(try await queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM users WHERE user_id = 'alice'") } == 0)
        }
    }

    /// What a deletion does at once to each reference to the user is what its foreign key does,
    /// for every foreign key to users but the messages' sender.
    @Test func theReferencesTakenAtOnceAreEveryForeignKeyToUsersButTheSender() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let database = try AppDatabase(path: file.path)
        let references = try await database.read { db in
            try Row.fetchAll(
                db, sql: """
                    SELECT m.name AS tbl, f."from" AS col, f.on_delete FROM sqlite_master m, pragma_foreign_key_list(m.name) f
                    WHERE m.type = 'table' AND f."table" = 'users'
                    """
            ).map { DeletedUserRepository.Reference(table: $0["tbl"], column: $0["col"], keepsRow: ($0["on_delete"] as String) == "SET NULL") }
        }
        try await database.close()
        let sender = DeletedUserRepository.Reference(table: "messages", column: "sender_id", keepsRow: true)
        #expect(references.contains(sender))
        let expected = Set(references.filter { $0 != sender }.map { "\($0.table).\($0.column) \($0.keepsRow)" })
        #expect(Set(DeletedUserRepository.referencesTakenAtOnce.map { "\($0.table).\($0.column) \($0.keepsRow)" }) == expected)
        #expect(DeletedUserRepository.referencesTakenAtOnce.count == expected.count)
    }
}
