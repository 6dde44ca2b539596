import Foundation
import GRDB
import Testing

@testable import Roost

/// Deleting a channel of more messages than one write deletes: it is gone for every client at
/// once, and its messages go after, a batch per write, until nothing of it is left.
@Suite struct ChannelDeletionTests {
    /// The rows of a channel being deleted, read beside the server.
    private func leftovers(in file: TemporaryDatabase) throws -> (channels: Int, messages: Int, jobs: Int) {
        let queue = try DatabaseQueue(path: file.path)
        return try queue.read { db in
            let channels = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM channels WHERE deleted_at IS NOT NULL") ?? 0
            let messages = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM messages WHERE channel_id NOT IN (SELECT id FROM channels WHERE deleted_at IS NULL)") ?? 0
            let jobs = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scheduled_jobs WHERE kind = ?", arguments: [ChannelDeletion.jobKind]) ?? 0
            return (channels, messages, jobs)
        }
    }

    @Test func aLargeChannelIsGoneAtOnceAndItsMessagesGoAfter() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let imported = ChannelDeletion.messagesPerStep * 2 + 100
        try await withServer(database: file) { api in
            try await api.createUsers("alice", "bob")
            #expect(try await api.createChannel(#"{"user_ids": ["alice", "bob"], "channel_url": "big-room", "is_distinct": true, "name": "Big"}"#).status == .ok)
            try await api.importMessages(imported, into: "big-room", sentBy: { $0 % 2 == 0 ? "alice" : "bob" })
            #expect(try await api.put("/v3/group_channels/big-room/metadata", #"{"metadata": {"topic": "boats"}, "upsert": true}"#).status == .ok)

            #expect(try await api.delete("/v3/group_channels/big-room").status == .ok)
            // Gone for every client in the write that deleted it, though its messages are not yet.
            expectError(try await api.get("/v3/group_channels/big-room"), code: 400201)
            expectError(try await api.get("/v3/group_channels/big-room/messages?message_ts=0&next_limit=10"), code: 400201)
            #expect(try await api.get("/v3/group_channels?limit=100&show_empty=true")["channels"].array.isEmpty)
            #expect(try await api.get("/v3/users/alice/my_group_channels?limit=100&show_empty=true")["channels"].array.isEmpty)
            #expect(try await api.get("/v3/users/alice/unread_message_count")["unread_count"] == 0)
            // Its URL and its distinct key are free at once: the same members get a new channel.
            let again = try await api.createChannel(#"{"user_ids": ["alice", "bob"], "channel_url": "big-room", "is_distinct": true}"#)
            #expect(again.status == .ok && again["is_created"] == true, "\(again)")
            #expect(try await api.texts("/v3/group_channels/big-room/messages?message_ts=9999999999999&prev_limit=10").isEmpty)
            #expect(try await api.get("/v3/group_channels/big-room/metadata")["topic"] == .null)
            // Its messages count for nothing from now on, in the console's totals and analytics.
            let counted = try await DatabaseQueue(path: file.path).read { db in
                (
                    try ConsoleRepository().totals(in: Roost.Database(db)).messages,
                    try StatisticsRepository().value(of: .messages, from: 0, to: .max, days: 0..<1, in: Roost.Database(db))
                )
            }
            #expect(counted == (0, 0))

            // The job deletes the rest, a batch a write, then the row.
            #expect(try await eventually { try leftovers(in: file) == (0, 0, 0) })
            #expect(try await api.get("/v3/group_channels?limit=100&show_empty=true")["channels"].array.count == 1)
        }
        let queue = try DatabaseQueue(path: file.path)
        try await queue.read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            let removals = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events WHERE category = 'group_channel:remove'")
            #expect(removals == 1, "the removal is told once")
        }
    }

    /// A small channel goes whole in the write that deletes it, as it always did.
    @Test func aSmallChannelGoesInOneWrite() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        try await withServer(database: file) { api in
            try await api.createUsers("alice", "bob")
            #expect(try await api.createChannel(#"{"user_ids": ["alice", "bob"], "channel_url": "small-room"}"#).status == .ok)
            #expect(try await api.say("alice", "hello", in: "small-room").status == .ok)
            #expect(try await api.delete("/v3/group_channels/small-room").status == .ok)
            #expect(try leftovers(in: file) == (0, 0, 0))
        }
    }

    /// What a deletion takes at once is every table that belongs to a channel, but its messages.
    @Test func theTablesTakenAtOnceAreEveryTableOfAChannelButItsMessages() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let database = try AppDatabase(path: file.path)
        let referring = try await database.read { db in
            try String.fetchAll(
                db, sql: """
                    SELECT DISTINCT t.name FROM sqlite_schema t JOIN pragma_foreign_key_list(t.name) f
                    WHERE t.type = 'table' AND f."table" = 'channels'
                    """
            )
        }
        #expect(Set(referring) == Set(ChannelRepository.ownedTables + ["messages"]))
        try await database.close()
    }
}
