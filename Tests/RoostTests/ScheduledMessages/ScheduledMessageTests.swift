import Foundation
import GRDB
import Testing

/// Messages scheduled for later: validated when created, changed or canceled while pending,
/// and sent by the scheduler through the normal send path when their time comes.
@Suite struct ScheduledMessageTests {
    static let minute: Int64 = 60_000

    func schedule(_ api: API, _ text: String, by user: String = "alice", at time: Int64) async throws -> API.Reply {
        try await api.post(
            "/v3/group_channels/room/scheduled_messages",
            #"{"message_type": "MESG", "user_id": "\#(user)", "message": "\#(text)", "scheduled_at": \#(time)}"#
        )
    }

    /// Waits (on real time) until the scheduler has moved the message on from `pending`.
    func settled(_ api: API, _ id: Int) async throws -> JSONValue {
        let reply = try await awaited { try await api.get("/v3/group_channels/room/scheduled_messages/\(id)") } until: {
            $0["scheduled_status"] != "pending"
        }
        if reply["scheduled_status"] == "pending" { Issue.record("scheduled message \(id) was never sent") }
        return reply.json
    }

    func texts(_ api: API) async throws -> [String] {
        try await api.get("/v3/group_channels/room/messages?message_ts=9999999999999&prev_limit=50")["messages"].array.compactMap { $0["message"].string }
    }

    @Test func createdValidatedChangedListedAndCanceled() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"]}"#)
            let now = clock.now
            let created = try await schedule(api, "later", at: now + 10 * Self.minute + 123)
            #expect(created.status == .ok, "\(created)")
            #expect(created["scheduled_status"] == "pending" && created["type"] == "MESG" && created["channel_url"] == "room")
            #expect(created["scheduled_at"].int == Int(now + 10 * Self.minute), "to the second")
            #expect(created["user"]["user_id"] == "alice" && created["sent_at"] == 0 && created["sorted_metaarray"] == [])
            let id = try #require(created["scheduled_message_id"].int)

            expectError(try await schedule(api, "too soon", at: now + 4 * Self.minute), code: 400111)
            expectError(try await schedule(api, "too late", at: now + 31 * 24 * 60 * Self.minute), code: 400111)
            expectError(try await schedule(api, "outsider", by: "carol", at: now + 10 * Self.minute), code: 900020)
            expectError(try await api.post("/v3/group_channels/room/scheduled_messages", #"{"message_type": "MESG", "user_id": "alice", "message": "x"}"#), code: 400105)
            expectError(try await api.post("/v3/group_channels/nowhere/scheduled_messages", #"{"message_type": "MESG", "user_id": "alice", "message": "x", "scheduled_at": \#(now + 10 * Self.minute)}"#), code: 400201)

            #expect(try await schedule(api, "second", by: "bob", at: now + 20 * Self.minute).status == .ok)
            clock.advance(milliseconds: 1000)
            #expect(try await schedule(api, "third", at: now + 15 * Self.minute).status == .ok)

            let changed = try await api.put(
                "/v3/group_channels/room/scheduled_messages/\(id)", #"{"message": "later, changed", "scheduled_at": \#(now + 30 * Self.minute)}"#
            )
            #expect(changed["message"] == "later, changed" && changed["scheduled_at"].int == Int(now + 30 * Self.minute))
            expectError(try await api.put("/v3/group_channels/room/scheduled_messages/\(id)", #"{"message_type": "FILE"}"#), code: 400111)

            let newest = try await api.get("/v3/scheduled_messages?channel_url=room")["scheduled_messages"].array
            #expect(newest.map { $0["message"].string ?? "" } == ["third", "second", "later, changed"], "newest created first")
            let soonest = try await api.get("/v3/scheduled_messages?order=scheduled_at&limit=2")
            #expect(soonest["scheduled_messages"].array.map { $0["message"].string ?? "" } == ["third", "second"])
            let rest = try await api.get("/v3/scheduled_messages?order=scheduled_at&limit=2&token=\(soonest["next"].string ?? "")")
            #expect(rest["scheduled_messages"].array.map { $0["message"].string ?? "" } == ["later, changed"] && rest["next"] == "")
            #expect(try await api.get("/v3/scheduled_messages/count?sender_id=alice")["count"] == 2)

            #expect(try await api.delete("/v3/group_channels/room/scheduled_messages/\(id)").json == [:])
            expectError(try await api.delete("/v3/group_channels/room/scheduled_messages/\(id)"), code: 400920)
            #expect(try await api.get("/v3/scheduled_messages/count?status[]=canceled")["count"] == 1)
            #expect(try await api.get("/v3/scheduled_messages/count?status[]=pending,canceled")["count"] == 3)
            expectError(try await api.get("/v3/scheduled_messages?status[]=lost"), code: 400111)
            expectError(try await api.get("/v3/group_channels/room/scheduled_messages/999"), code: 400201)

            // Scheduled messages carry no polls.
            let poll = try await api.post("/v3/polls", #"{"title": "lunch?", "options": ["yes", "no"], "created_by": "alice"}"#)
            let pollID = try #require(poll["id"].int, "\(poll)")
            expectError(
                try await api.post(
                    "/v3/group_channels/room/scheduled_messages",
                    #"{"message_type": "MESG", "user_id": "alice", "message": "vote", "poll_id": \#(pollID), "scheduled_at": \#(now + 10 * Self.minute)}"#
                ),
                code: 400111
            )
            // A member who leaves takes their pending scheduled messages with them.
            #expect(try await api.get("/v3/scheduled_messages/count?sender_id=bob")["count"] == 1)
            #expect(try await api.put("/v3/group_channels/room/leave", #"{"user_ids": ["bob"]}"#).status == .ok)
            #expect(try await api.get("/v3/scheduled_messages/count?sender_id=bob")["count"] == 0)
            #expect(try await api.get("/v3/scheduled_messages/count?sender_id=alice")["count"] == 2)
        }
    }

    @Test func dueMessagesGoThroughTheSendPathOrFailWithTheReason() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"]}"#)
            let due = clock.now + 10 * Self.minute
            let kept = try #require(try await schedule(api, "on time", at: due)["scheduled_message_id"].int)
            let refused = try #require(try await schedule(api, "too late for bob", by: "bob", at: due)["scheduled_message_id"].int)
            let early = try #require(try await schedule(api, "right now", at: due + Self.minute)["scheduled_message_id"].int)
            #expect(try await api.post("/v3/group_channels/room/mute", #"{"user_id": "bob", "seconds": 3600}"#).status == .ok)

            #expect(try await api.post("/v3/group_channels/room/scheduled_messages/\(early)/send_now", "").json == [:])
            #expect(try await texts(api) == ["right now"])
            expectError(try await api.post("/v3/group_channels/room/scheduled_messages/\(early)/send_now", ""), code: 400920)

            clock.advance(milliseconds: 10 * Self.minute)
            let sent = try await settled(api, kept)
            #expect(sent["scheduled_status"] == "sent" && sent["sent_at"].int == Int(clock.now) && sent["message_id"].int != nil)
            let failed = try await settled(api, refused)
            #expect(failed["scheduled_status"] == "failed" && failed["error_code"] == 900041, "bob was muted before it was due")
            #expect(try await texts(api) == ["right now", "on time"])
            let sends = try await api.get("/roost/events?category=group_channel:message_send")["events"].array
            #expect(sends.count == 2, "a scheduled send is a send, with its event")
        }
    }

    @Test func workDueWhileDownRunsOnceAfterStart() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let clock = TestClock()
        let id = try await withServer(database: database, clock: clock) { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            return try #require(try await schedule(api, "while you were out", at: clock.now + 10 * Self.minute)["scheduled_message_id"].int)
        }
        clock.advance(milliseconds: 60 * Self.minute)
        try await withServer(database: database, clock: clock) { (api: API) async throws in
            #expect(try await settled(api, id)["scheduled_status"] == "sent")
            #expect(try await texts(api) == ["while you were out"])
        }
        // Nothing is left that could send it again, so a later start cannot.
        let jobs = try DatabaseQueue(path: database.path)
        #expect(try await jobs.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM scheduled_jobs") } == 0)
        #expect(try await jobs.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM messages") } == 1, "sent exactly once")
    }
}
