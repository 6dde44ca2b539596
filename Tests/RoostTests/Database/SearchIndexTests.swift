import GRDB
import Testing

@testable import Roost

/// The search index follows the committed messages: whatever the writes did to a message in
/// between, once it has caught up the index holds the message's final text, once.
@Suite struct SearchIndexTests {
    struct Refused: Error {}

    private func indexed(_ database: AppDatabase) async throws -> [Int64: String] {
        await database.searchIndexCaughtUp()
        return try await database.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT rowid, words FROM message_search ORDER BY rowid")
            return Dictionary(uniqueKeysWithValues: rows.map { ($0[0] as Int64, $0[1] as String) })
        }
    }

    private func insert(_ id: Int64, _ text: String, in db: Roost.Database) throws {
        try db.execute(
            sql: "INSERT INTO messages (id, channel_id, type, message, created_at) VALUES (?, 1, 'MESG', ?, ?)",
            arguments: [id, text, id]
        )
    }

    @Test func theIndexHoldsWhatEachMessageEndsAsWhenTheGroupCommits() async throws {
        let database = try AppDatabase(DatabaseQueue())
        try await database.write { db in
            try db.execute(sql: "INSERT INTO channels (id, channel_type, channel_url, created_at) VALUES (1, 'group_channels', 'lobby', 0)")
            try insert(1, "kept as sent", in: db)
            try insert(2, "edited later", in: db)
            try insert(3, "removed later", in: db)
            try insert(4, "deleted later", in: db)
        }
        #expect(try await indexed(database) == [1: "c1_kept c1_as c1_sent", 2: "c1_edited c1_later", 3: "c1_removed c1_later", 4: "c1_deleted c1_later"])

        // Writes that commit together, one of them refused, several changing one message.
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                _ = try? await database.write { db in
                    try insert(5, "Brand new", in: db)
                    try db.execute(sql: "UPDATE messages SET message = 'brand NEW and edited' WHERE id = 5")
                    try insert(6, "gone at once", in: db)
                    try db.execute(sql: "DELETE FROM messages WHERE id = 6")
                }
            }
            group.addTask {
                _ = try? await database.write { db in
                    try db.execute(sql: "UPDATE messages SET message = 'edited twice' WHERE id = 2")
                    try db.execute(sql: "UPDATE messages SET is_removed = 1 WHERE id = 3")
                    try db.execute(sql: "DELETE FROM messages WHERE id = 4")
                }
            }
            group.addTask {
                _ = try? await database.write { db in
                    try insert(7, "never stored", in: db)
                    try db.execute(sql: "UPDATE messages SET message = 'never edited' WHERE id = 1")
                    throw Refused()
                }
            }
        }
        #expect(try await indexed(database) == [1: "c1_kept c1_as c1_sent", 2: "c1_edited c1_twice", 5: "c1_brand c1_new c1_and c1_edited"])

        // A removed message comes back to the index when it is restored.
        try await database.write { try $0.execute(sql: "UPDATE messages SET is_removed = 0 WHERE id = 3") }
        #expect(try await indexed(database)[3] == "c1_removed c1_later")
        #expect(try await database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM message_search_queue") } == 0)
    }

    /// Catching up reads the queue and looks each message up: it never walks all messages.
    @Test func catchingUpReadsOnlyTheQueuedMessages() async throws {
        let database = try AppDatabase(DatabaseQueue())
        let plan = try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + SearchIndex.indexQueued, arguments: ["limit": 10]).map { $0["detail"] as String }
        }
        // The queue's first rows, then each message by its id.
        #expect(plan.filter { $0.hasPrefix("SCAN") } == ["SCAN message_search_queue", "SCAN queued"], "\(plan)")
        #expect(plan.contains("SEARCH messages USING INTEGER PRIMARY KEY (rowid=?)"), "\(plan)")
    }

    /// A compaction leaves no deleted message's words in any segment; while it runs the
    /// follower indexes nothing (a new segment would start the merge over), and once it has
    /// ended the follower catches up.
    @Test func aCompactionRewritesTheIndexWhileTheFollowerWaits() async throws {
        let database = try AppDatabase(DatabaseQueue())
        try await database.write { try $0.execute(sql: "INSERT INTO channels (id, channel_type, channel_url, created_at) VALUES (1, 'group_channels', 'lobby', 0)") }
        // A commit each, so that the index holds many segments.
        for id in Int64(1)...40 {
            try await database.write { db in try insert(id, id <= 10 ? "quokka\(id) secret" : "plain words \(id)", in: db) }
            await database.searchIndexCaughtUp()
        }
        try await database.write { try $0.execute(sql: "DELETE FROM messages WHERE id <= 10") }
        await database.searchIndexCaughtUp()
        let traces = { @Sendable in
            try await database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM message_search_data WHERE instr(block, CAST('quokka' AS BLOB)) > 0") ?? 0 }
        }
        #expect(try await traces() > 0, "deleted entries stay in older segments until they are merged")

        #expect(try await database.write { try SearchIndex.beginCompaction(in: $0) })
        try await database.write { db in try insert(41, "sent meanwhile", in: db) }
        #expect(try await database.read(SearchIndex.work) == .waitingForCompaction)
        while try await database.write({ try SearchIndex.compactionStep(in: $0) }) {}

        #expect(try await traces() == 0)
        let index = try await indexed(database)
        #expect(index.count == 31 && index[41] == "c1_sent c1_meanwhile")
        #expect(try await database.read(SearchIndex.isCompacting) == false)
    }
}
