import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import Roost

/// Two Roost servers on one PostgreSQL database: two writers at once, as two nodes would be.
/// Each check-then-write keeps SQLite's guarantee (`docs/storage.md`, the consistency model):
/// `SERIALIZABLE` transactions, run again when PostgreSQL cannot serialize them. Answers are
/// read with no answer cache, as the cluster's caches are issue 54's.
@Suite(.enabled(if: TestPostgres.url != nil, "needs ROOST_TEST_POSTGRES_URL: scripts/test starts a PostgreSQL"))
struct PostgresConcurrencyTests {
    private func withTwoNodes(_ body: @Sendable (API, API) async throws -> Void) async throws {
        let (url, drop) = try await TestPostgres.serverDatabase()
        let uploads = FileManager.default.temporaryDirectory.appendingPathComponent("roost-uploads-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: uploads) }
        let settings = Settings(
            host: "127.0.0.1", port: 0, databasePath: url, postgresReaders: 2, apiToken: API.token, logLevel: .warning,
            uploadsDirectory: uploads, maxMessagesPerSecond: 0, answerCacheSize: 0
        )
        let clock = TestClock()
        let first = try await buildApplication(settings, clock: clock.wallClock)
        let second = try await buildApplication(settings, clock: clock.wallClock)
        do {
            try await first.test(.live) { one in
                try await second.test(.live) { other in
                    try await body(API(client: one, snapshotsDirectory: uploads), API(client: other, snapshotsDirectory: uploads))
                }
            }
        } catch {
            await drop()
            throw error
        }
        await drop()
    }

    /// Sends to one channel through both nodes: every acknowledged one stored once, with its
    /// own id, and the channel's last message and unread counts as if they had come one at a
    /// time. A send PostgreSQL kept colliding past Roost's retries is refused whole (503, 500903).
    @Test func sendsToOneChannelFromTwoWriters() async throws {
        try await withTwoNodes { one, other in
            try await one.createUsers("ann", "ben", "cat")
            try await one.createChannel(#"{"channel_url": "room", "user_ids": ["ann", "ben", "cat"]}"#)
            let ids = try await withThrowingTaskGroup(of: Int?.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let node = index.isMultiple(of: 2) ? one : other
                        let sent = try await node.post(
                            "/v3/group_channels/room/messages",
                            #"{"message_type": "MESG", "user_id": "\#(index.isMultiple(of: 3) ? "ben" : "ann")", "message": "m\#(index)"}"#
                        )
                        #expect(sent.status == .ok || sent["code"].int == 500903, "\(sent)")
                        return sent.status == .ok ? sent["message_id"].int : nil
                    }
                }
                return try await group.reduce(into: [Int]()) { ids, id in if let id { ids.append(id) } }
            }
            #expect(ids.count >= 30 && Set(ids).count == ids.count, "\(ids.count) of 40 stored")
            let history = try await other.get("/v3/group_channels/room/messages?message_ts=0&next_limit=100&prev_limit=0")["messages"].array
            #expect(Set(history.compactMap(\.["message_id"].int)) == Set(ids))
            let channel = try await one.get("/v3/group_channels/room")
            #expect(channel["last_message"]["message_id"].int == ids.max())
            let unread = try await other.get("/v3/users/cat/unread_message_count")["unread_count"].int
            #expect(unread == ids.count, "cat read none of them")
        }
    }

    /// `user` sends into `channel` through one node, four clients at once, while `shutOut`
    /// (a ban, a leave) goes through the other: answers how many sends begun after its answer
    /// were stored. A client tries again what collided past Roost's retries.
    private func sendsStoredAfter(
        _ shutOut: @escaping @Sendable () async throws -> API.Reply, user: String, channel: String, through node: API
    ) async throws -> Int {
        let done = SetOnce()
        return try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var late = 0
                    for index in 0..<15 {
                        let startedAfter = done.isSet
                        let sent = try await node.post(
                            "/v3/group_channels/\(channel)/messages", #"{"message_type": "MESG", "user_id": "\#(user)", "message": "w\#(worker)-\#(index)"}"#
                        )
                        if startedAfter && sent.status == .ok { late += 1 }
                    }
                    return late
                }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(50))
                for _ in 0..<10 {
                    let answer = try await shutOut()
                    if answer.status == .ok {
                        done.set()
                        break
                    }
                    #expect(answer["code"].int == 500903, "\(answer)")
                }
                #expect(done.isSet)
                return 0
            }
            return try await group.reduce(0, +)
        }
    }

    /// A ban through one node while the banned user sends through the other: once the ban has
    /// answered, nothing more from them is stored.
    @Test func nothingFromABannedUserIsStoredAfterTheBansAnswer() async throws {
        try await withTwoNodes { one, other in
            try await one.createUsers("mod", "troll")
            try await one.createChannel(#"{"channel_url": "hall", "user_ids": ["mod", "troll"]}"#)
            let late = try await sendsStoredAfter(
                { try await one.post("/v3/group_channels/hall/ban", #"{"user_id": "troll", "seconds": 600}"#) },
                user: "troll", channel: "hall", through: other
            )
            #expect(late == 0, "a send that began after the ban's answer was stored")
        }
    }

    /// A member leaves through one node while sending through the other: once the leave has
    /// answered, nothing more from them is stored.
    @Test func nothingFromAMemberWhoLeftIsStoredAfterTheLeavesAnswer() async throws {
        try await withTwoNodes { one, other in
            try await one.createUsers("host", "guest")
            try await one.createChannel(#"{"channel_url": "lobby", "user_ids": ["host", "guest"]}"#)
            let late = try await sendsStoredAfter(
                { try await one.put("/v3/group_channels/lobby/leave", #"{"user_ids": ["guest"]}"#) },
                user: "guest", channel: "lobby", through: other
            )
            #expect(late == 0, "a send that began after the leave's answer was stored")
        }
    }

    /// Both nodes create the same distinct channel at once: one channel.
    @Test func oneDistinctChannelFromTwoWriters() async throws {
        try await withTwoNodes { one, other in
            try await one.createUsers("ann", "ben")
            let urls = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        let node = index.isMultiple(of: 2) ? one : other
                        let created = try await node.post("/v3/group_channels", #"{"user_ids": ["ann", "ben"], "is_distinct": true}"#)
                        #expect(created.status == .ok, "\(created)")
                        return created["channel_url"].string ?? ""
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(urls.count == 1)
        }
    }

    /// Counter increments and metadata upserts through both nodes: none lost.
    @Test func countersAndMetadataFromTwoWriters() async throws {
        try await withTwoNodes { one, other in
            let url = try await one.post("/v3/open_channels", "{}")["channel_url"].string!
            let counter = "/v3/open_channels/\(url)/metacounter"
            let metadata = "/v3/open_channels/\(url)/metadata"
            #expect(try await one.post(counter, #"{"metacounter": {"hits": 0}}"#).status == .ok)
            let increases = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<30 {
                    group.addTask {
                        let node = index.isMultiple(of: 2) ? one : other
                        let increased = try await node.put(counter, #"{"metacounter": {"hits": 1}, "mode": "increase"}"#)
                        let upserted = try await node.put(metadata, #"{"metadata": {"k\#(index % 5)": "v\#(index)"}, "upsert": true}"#)
                        #expect(increased.status == .ok || increased["code"].int == 500903, "\(increased)")
                        #expect(upserted.status == .ok || upserted["code"].int == 500903, "\(upserted)")
                        return increased.status == .ok ? 1 : 0
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(increases >= 20, "\(increases) of 30 went through")
            #expect(try await other.get(counter).json == ["hits": .number(Double(increases))], "no increase lost")
            #expect(try await one.get(metadata).json.object.count == 5, "Sendbird keeps at most five keys a channel")
        }
    }
}

/// A flag set once, read from any task.
private final class SetOnce: Sendable {
    private let value = Mutex(false)

    var isSet: Bool { value.withLock { $0 } }

    func set() {
        value.withLock { $0 = true }
    }
}
