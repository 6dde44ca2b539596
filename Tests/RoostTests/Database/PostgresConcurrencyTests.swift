import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import Roost

/// Two Roost servers on one PostgreSQL database: two writers at once, as two nodes would be.
/// Each check-then-write keeps SQLite's guarantee (`docs/storage.md`, the consistency model):
/// the nodes' writers take turns, so no write collides with another and none is refused.
/// Answers are read with no answer cache, but where a test says otherwise.
@Suite(.enabled(if: TestPostgres.url != nil, "needs ROOST_TEST_POSTGRES_URL: scripts/test starts a PostgreSQL"))
struct PostgresConcurrencyTests {
    private func withTwoNodes(
        answerCacheSize: Int = 0, maxMessagesPerSecond: Int = 0, _ body: @Sendable (API, API) async throws -> Void
    ) async throws {
        let (url, drop) = try await TestPostgres.serverDatabase()
        let uploads = FileManager.default.temporaryDirectory.appendingPathComponent("roost-uploads-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: uploads) }
        let settings = Settings(
            host: "127.0.0.1", port: 0, databasePath: url, postgresReaders: 2, apiToken: API.token, logLevel: .warning,
            uploadsDirectory: uploads, maxMessagesPerSecond: maxMessagesPerSecond, answerCacheSize: answerCacheSize
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
    /// time.
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
                        #expect(sent.status == .ok, "\(sent)")
                        return sent.status == .ok ? sent["message_id"].int : nil
                    }
                }
                return try await group.reduce(into: [Int]()) { ids, id in if let id { ids.append(id) } }
            }
            #expect(ids.count == 40 && Set(ids).count == ids.count, "\(ids.count) of 40 stored")
            let history = try await other.get("/v3/group_channels/room/messages?message_ts=0&next_limit=100&prev_limit=0")["messages"].array
            #expect(Set(history.compactMap(\.["message_id"].int)) == Set(ids))
            let channel = try await one.get("/v3/group_channels/room")
            #expect(channel["last_message"]["message_id"].int == ids.max())
            let unread = try await other.get("/v3/users/cat/unread_message_count")["unread_count"].int
            #expect(unread == ids.count, "cat read none of them")
        }
    }

    /// One sender's sends spread over both nodes, several at once, in one second (the clock
    /// stands still): the flood limit admits as many as through one node, not one node's
    /// allowance on each.
    @Test func theFloodLimitHoldsAcrossNodes() async throws {
        try await withTwoNodes(maxMessagesPerSecond: 5) { one, other in
            try await one.createUsers("ann", "ben")
            try await one.createChannel(#"{"channel_url": "room", "user_ids": ["ann", "ben"]}"#)
            let admitted = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        let node = index.isMultiple(of: 2) ? one : other
                        let sent = try await node.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "ann", "message": "m\#(index)"}"#)
                        if sent.status != .ok { expectError(sent, status: .tooManyRequests, code: 400910) }
                        return sent.status == .ok ? 1 : 0
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(admitted == 5, "\(admitted) of 12 sends admitted")
            #expect(try await other.get("/v3/group_channels/room/messages/total_count")["total"] == 5)
            #expect(try await other.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "ben", "message": "others are fine"}"#).status == .ok)
        }
    }

    /// `user` sends into `channel` through one node, four clients at once, while `shutOut`
    /// (a ban, a leave) goes through the other: answers how many sends begun after its answer
    /// were stored.
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
                let answer = try await shutOut()
                #expect(answer.status == .ok, "\(answer)")
                done.set()
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
                        #expect(increased.status == .ok, "\(increased)")
                        #expect(upserted.status == .ok, "\(upserted)")
                        return increased.status == .ok ? 1 : 0
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(increases == 30, "\(increases) of 30 went through")
            #expect(try await other.get(counter).json == ["hits": .number(Double(increases))], "no increase lost")
            #expect(try await one.get(metadata).json.object.count == 5, "Sendbird keeps at most five keys a channel")
        }
    }

    /// Events written by two nodes' writers at once, each transaction holding its events a
    /// moment before it commits: a follower that reads past the last seq it saw, as fast as it
    /// can meanwhile, passes over none of them.
    @Test func aFollowerPassesOverNoEventOfEitherWriter() async throws {
        let (url, drop) = try await TestPostgres.serverDatabase()
        let nodes = [try AppDatabase(location: url, postgresReaders: 2), try AppDatabase(location: url, postgresReaders: 2)]
        let log = EventLog(applicationID: "test")
        let writing = SetOnce()
        let follower = Task {
            var seen: [Int64] = []
            while true {
                let done = writing.isSet
                let after = seen.last ?? 0
                seen += try await nodes[0].read { db in
                    try EventRepository().events(after: after, matching: EventFilter(), limit: 1_000, in: db).map(\.seq)
                }
                if done { return seen }
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for node in nodes {
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<60 {
                            try await node.write { db in
                                try log.record(.userBlock, Note(), at: 0, in: db)
                                try db.execute(sql: "SELECT pg_sleep(0.002)")
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        writing.set()
        let seen = try await follower.value
        let stored = try await nodes[1].read { db in try Int64.fetchAll(db, sql: "SELECT seq FROM events ORDER BY seq") }
        #expect(stored.count == 480)
        let passedOver = Set(stored).subtracting(seen).sorted()
        #expect(passedOver.isEmpty, "passed over \(passedOver.count): \(passedOver.prefix(10))")
        #expect(seen == seen.sorted() && Set(seen).count == seen.count, "in order, none twice")
        for node in nodes { try await node.close() }
        await drop()
    }

    /// A duty runs on one node of two at a time; when that node's database closes, as when it
    /// dies, the other takes the duty over within the issue's 5 s.
    @Test func aDutyRunsOnOneNodeAndMovesWhenItGoes() async throws {
        let (url, drop) = try await TestPostgres.serverDatabase()
        let nodes = [try AppDatabase(location: url, postgresReaders: 1), try AppDatabase(location: url, postgresReaders: 1)]
        final class Running: Sendable {
            let state = Mutex<(now: Set<Int>, most: Int, ever: [Int])>(([], 0, []))
        }
        let running = Running()
        let holding = nodes.enumerated().map { index, node in
            Task {
                await node.whileHolding("test duty") {
                    running.state.withLock { state in
                        state.now.insert(index)
                        state.most = max(state.most, state.now.count)
                        state.ever.append(index)
                    }
                    while (try? await Task.sleep(for: .milliseconds(20))) != nil {}
                    _ = running.state.withLock { $0.now.remove(index) }
                }
            }
        }
        try await Task.sleep(for: .seconds(3))
        let first = try #require(running.state.withLock { $0.ever.first })
        #expect(running.state.withLock { $0.ever } == [first], "one node holds it, and keeps it")
        try await nodes[first].close()
        let closed = ContinuousClock.now
        while running.state.withLock({ $0.now }) != [1 - first], ContinuousClock.now - closed < .seconds(10) {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(running.state.withLock { $0.now } == [1 - first])
        #expect(ContinuousClock.now - closed < .seconds(5), "taken over within 5 s")
        #expect(running.state.withLock { $0.most } == 1, "never on both at once")
        for task in holding { task.cancel() }
        for task in holding { await task.value }
        try await nodes[1 - first].close()
        await drop()
    }

    /// What each node keeps in memory of the settings follows a change made on another: the
    /// emulator's clock, and the API tokens it lets in.
    @Test func settingsChangedOnOneNodeHoldOnTheOther() async throws {
        try await withTwoNodes { one, other in
            let moved = try #require(try await one.put("/roost/clock", #"{"advance_ms": 600000, "frozen": true}"#)["now"].int)
            #expect(try await eventually { try await other.get("/roost/clock")["now"].int == moved }, "one clock for both nodes")
            let unfrozen = try await other.put("/roost/clock", #"{"frozen": false}"#)
            #expect(unfrozen["frozen"] == false)
            #expect(try await eventually { try await one.get("/roost/clock")["frozen"] == false })

            let token = try #require(try await one.post("/v3/applications/api_tokens", "{}")["token"].string)
            #expect(try await eventually { try await other.call(.get, "/v3/users", token: token).status == .ok }, "a new token works on every node")
            #expect(try await other.delete("/v3/applications/api_tokens/\(token)").status == .ok)
            #expect(try await eventually { try await one.call(.get, "/v3/users", token: token).status == .unauthorized }, "a revoked one on none")
        }
    }

    /// The search index and the activity statistics follow the log on one node at a time; a
    /// reader on either node finds what either has just sent, and counts who sent it.
    @Test func eitherNodeFindsWhatTheOtherJustSent() async throws {
        try await withTwoNodes { one, other in
            try await one.createUsers("u1", "u2", "u3", "u4", "u5", "u6")
            try await one.createChannel(#"{"channel_url": "room", "user_ids": ["u1", "u2", "u3", "u4", "u5", "u6"]}"#)
            for round in 1...6 {
                let (sender, reader) = round.isMultiple(of: 2) ? (one, other) : (other, one)
                try await sender.say("u\(round)", "word\(round)", in: "room")
                #expect(try await reader.get("/v3/applications/dau")["dau"].int == round, "round \(round)")
                let found = try await reader.get("/v3/search/messages?channel_url=room&query=word\(round)")
                #expect(found["results"].array.count == 1, "round \(round): \(found)")
            }
        }
    }

    /// What a node keeps of its answers (history pages, channel views, a user's channel list)
    /// is never served after another node's write has changed it: each is stamped with what the
    /// database holds, read again with every request.
    @Test func aNodeServesNoAnswerAnotherNodeMadeStale() async throws {
        try await withTwoNodes(answerCacheSize: Settings.defaults.answerCacheSize) { one, other in
            try await one.createUsers("ann", "ben")
            try await one.createChannel(#"{"channel_url": "room", "name": "Room", "user_ids": ["ann", "ben"]}"#)
            try await one.say("ann", "first", in: "room")
            let history = "/v3/group_channels/room/messages?message_ts=9999999999999&prev_limit=10&next_limit=0"
            let view = "/v3/group_channels/room?show_member=true"
            let list = "/v3/users/ben/my_group_channels?show_member=true"
            for _ in 0..<2 {
                // Read twice, so that the second answer comes from what the node kept.
                #expect(try await one.get(history)["messages"].array.count == 1)
                #expect(try await one.get(view)["name"] == "Room")
                #expect(try await one.get(list)["channels"].array.first?["last_message"]["message"] == "first")
            }

            try await other.say("ben", "second", in: "room")
            #expect(try await one.get(history)["messages"].array.map { $0["message"].string } == ["first", "second"])
            #expect(try await one.get(list)["channels"].array.first?["last_message"]["message"] == "second")
            #expect(try await other.put("/v3/group_channels/room", #"{"name": "Renamed"}"#).status == .ok)
            #expect(try await one.get(view)["name"] == "Renamed")
            #expect(try await other.put("/v3/users/ann", #"{"nickname": "Annie"}"#).status == .ok)
            let members = try await one.get(view)["members"].array
            #expect(members.first { $0["user_id"] == "ann" }?["nickname"] == "Annie")
            #expect(try await one.get(history)["messages"].array.first?["user"]["nickname"] == "Annie")
        }
    }

    /// A node hears of each of another's commits, and not of its own. (How soon is a measure,
    /// for `bench/`, not a test.)
    @Test func aNodeHearsOfTheOthersCommits() async throws {
        let (url, drop) = try await TestPostgres.serverDatabase()
        let nodes = [try AppDatabase(location: url, postgresReaders: 1), try AppDatabase(location: url, postgresReaders: 1)]
        let heard = Mutex([0, 0])
        for index in 0..<2 { nodes[index].onCommitElsewhere { heard.withLock { $0[index] += 1 } } }
        @Sendable func commit() async throws {
            try await nodes[0].write { db in try db.execute(sql: "UPDATE delivery_cursors SET delivered_seq = delivered_seq") }
        }
        // Once the other node hears at all, its listening connection is up.
        try await commit()
        #expect(try await eventually { heard.withLock { $0[1] } > 0 })
        try await Task.sleep(for: .milliseconds(200))
        let before = heard.withLock { $0 }
        for round in 1...3 {
            try await commit()
            #expect(try await eventually { heard.withLock { $0[1] } >= before[1] + round })
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(heard.withLock { $0[0] } == before[0], "a node does not wake for its own commits")
        #expect(heard.withLock { $0[1] } == before[1] + 3)
        for node in nodes { try await node.close() }
        await drop()
    }

    /// A user is online while a stream of theirs is open on any node; a node's start counts out
    /// no other's streams; a node that stops beating has its streams counted out once its
    /// heartbeat is 30 s old, by a node that still beats.
    @Test func aUserIsOnlineWhileAnyNodeHasTheirStream() async throws {
        let (url, drop) = try await TestPostgres.serverDatabase()
        let beats = TestClock()
        let clock = TestClock(1_800_000_000_000)
        let nodes = [try AppDatabase(location: url, postgresReaders: 1), try AppDatabase(location: url, postgresReaders: 1)]
        let presences = nodes.map { NodePresence(database: $0, heartbeats: beats.wallClock, clock: clock.wallClock) }
        for presence in presences { try await presence.start() }
        let users = nodes.map {
            UserService(database: $0, clock: clock.wallClock, departures: LeaveAllGroupChannels(events: EventLog(applicationID: "test")), random: RandomTokens())
        }
        try await nodes[0].write { db in
            _ = try UserRepository().insert(
                NewUser(userID: "ann", nickname: "ann", profileURL: "", discoveryKeys: [], preferredLanguages: [], metadata: [:], createdAt: 0), in: db
            )
        }
        @Sendable func ann() async throws -> (streams: Int, lastSeen: Int64) {
            try await nodes[1].read { db in
                let row = try Row.fetchOne(db, sql: "SELECT open_streams, last_seen_at FROM users WHERE user_id = 'ann'")
                return (row?["open_streams"] ?? -1, row?["last_seen_at"] ?? 0)
            }
        }
        let row = try await users[0].streamOpened(by: "ann") { _ in }
        _ = try await users[1].streamOpened(by: "ann") { _ in }
        #expect(try await ann().streams == 2)

        // A third node starts: the others' streams stay counted.
        let third = try AppDatabase(location: url, postgresReaders: 1)
        try await NodePresence(database: third, heartbeats: beats.wallClock, clock: clock.wallClock).start()
        try await third.close()
        #expect(try await ann().streams == 2)

        try await users[1].streamClosed(byRow: row)
        #expect(try await ann().streams == 1, "still online through the first node")
        try await presences[1].countOutSilentNodes()
        #expect(try await ann().streams == 1, "the first node beat just now")

        let second = try await users[1].streamOpened(by: "ann") { _ in }
        #expect(try await ann().streams == 2)

        // The first node goes silent; 30 s later the second counts its stream out, and the
        // first node's late word of that stream's end counts out nothing more.
        beats.advance(milliseconds: 29_000)
        try await presences[1].countOutSilentNodes()
        #expect(try await ann().streams == 2, "silent for less than 30 s")
        beats.advance(milliseconds: 2_000)
        try await presences[1].countOutSilentNodes()
        #expect(try await ann().streams == 1)
        try await users[0].streamClosed(byRow: row)
        #expect(try await ann().streams == 1, "still online through the second node")
        clock.advance(milliseconds: 5)
        try await users[1].streamClosed(byRow: second)
        #expect(try await ann() == (0, clock.now), "offline, last seen when the last stream closed")
        for node in nodes { try await node.close() }
        await drop()
    }

    /// With webhooks on and two nodes sending, one node delivers: each message's webhook
    /// arrives once, in the channel's order.
    @Test func eachWebhookArrivesOnceFromTwoNodes() async throws {
        try await WebhookTests().withReceiver { port, received in
            try await withTwoNodes { one, other in
                try await one.createUsers("ann", "ben")
                try await one.createChannel(#"{"channel_url": "room", "user_ids": ["ann", "ben"]}"#)
                let settings = #"{"enabled": true, "url": "http://127.0.0.1:\#(port)/hook", "enabled_events": ["group_channel:message_send"]}"#
                for node in [one, other] { #expect(try await node.put("/v3/applications/settings/webhook", settings).status == .ok) }
                for index in 0..<20 { try await (index.isMultiple(of: 2) ? one : other).say("ann", "m\(index)", in: "room") }
                _ = try await received.wait(for: 20)
                // Time for a second delivery, were there one.
                try await Task.sleep(for: .seconds(2))
                let texts = try received.posts.withLock { $0 }.map { post in
                    try JSONDecoder().decode(JSONValue.self, from: Data(post.body.utf8))["payload"]["message"].string
                }
                #expect(texts == (0..<20).map { "m\($0)" })
            }
        }
    }

    private struct Note: JSONObject {
        func write(to fields: inout JSONFields) throws {}
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
