import Testing

/// Every change Sendbird reports as a webhook event is in the log, written with the change:
/// what committed has its event, what failed has none.
@Suite struct EventLogTests {
    func events(_ api: API, _ query: String = "") async throws -> [JSONValue] {
        let reply = try await api.get("/roost/events?limit=1000\(query)")
        #expect(reply.status == .ok, "\(reply)")
        return reply["events"].array
    }

    @Test func changesRecordTheirEventsAndFailuresNone() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"], "inviter_id": "alice"}"#)
            try await api.say("alice", "hello", in: "room")
            expectError(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "nobody", "message": "x"}"#), code: 400201)

            let logged = try await events(api)
            #expect(logged.map { $0["category"].string ?? "" } == ["group_channel:create", "group_channel:join", "group_channel:message_send"])
            #expect(logged.map { $0["seq"].int ?? 0 } == [1, 2, 3])
            let join = logged[1]["payload"]
            #expect(join["users"].array.compactMap { $0["user_id"].string }.sorted() == ["alice", "bob"])
            let send = logged[2]["payload"]
            #expect(send["category"] == "group_channel:message_send")
            #expect(send["app_id"] == "roost")
            #expect(send["sdk"] == "API")
            #expect(send["type"] == "MESG")
            #expect(send["sender"]["user_id"] == "alice")
            #expect(send["payload"]["message"] == "hello")
            #expect(send["payload"]["created_at"].int == 1_700_000_000_000)
            #expect(send["channel"]["channel_url"] == "room")
            #expect(send["members"] == .null, "members only when the webhook settings include them")

            #expect(try await events(api, "&since=2").count == 1)
            #expect(try await events(api, "&category=group_channel:join").count == 1)
            expectError(try await api.get("/roost/events?category=nonsense"), code: 400111)
        }
    }

    @Test func aBanAndADeactivationTakeMembersOutWithLeaveEvents() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob", "carol"]}"#)
            try await api.createChannel(#"{"channel_url": "deck", "user_ids": ["alice", "carol"]}"#)
            let since = try await events(api).count
            #expect(try await api.post("/v3/group_channels/room/ban", #"{"user_id": "bob", "seconds": 60}"#).status == .ok)
            #expect(try await api.put("/v3/users/carol", #"{"is_active": false}"#).status == .ok)
            #expect(try await api.post("/v3/group_channels/deck/ban", #"{"user_id": "bob", "seconds": 60}"#).status == .ok)

            let leaves = try await events(api, "&since=\(since)&category=group_channel:leave")
            #expect(leaves.map { $0["category"].string ?? "" } == Array(repeating: "group_channel:leave", count: 3), "a ban of a non-member records nothing")
            #expect(leaves.map { $0["channel_url"].string ?? "" } == ["room", "room", "deck"])
            #expect(leaves.map { $0["payload"]["users"][0]["user_id"].string ?? "" } == ["bob", "carol", "carol"])
        }
    }

    @Test func aUserReadsOnlyTheirOwnStream() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "ab-room", "user_ids": ["alice", "bob"]}"#)
            try await api.createChannel(#"{"channel_url": "bc-room", "user_ids": ["bob", "carol"]}"#)
            expectOK(try await api.post("/v3/users/carol/block", #"{"target_id": "bob"}"#))
            let token = try await api.post("/v3/users/alice/token", "{}")["token"].string!

            let mine = try await api.call(.get, "/roost/events?user_id=alice", token: nil, headers: [.init("Session-Key")!: token])
            #expect(mine.status == .ok)
            let channels = Set(mine["events"].array.compactMap { $0["channel_url"].string })
            #expect(channels == ["ab-room"])
            let carols = try await api.get("/roost/events?user_id=carol")["events"].array.map { $0["category"].string ?? "" }
            #expect(carols.contains("user:block"))

            let wrong = try await api.call(.get, "/roost/events?user_id=alice&token=wrong", token: nil)
            expectError(wrong, status: .unauthorized, code: 400302)
            let someoneElse = try await api.call(.get, "/roost/events?user_id=bob", token: nil, headers: [.init("Session-Key")!: token])
            expectError(someoneElse, status: .unauthorized, code: 400302)
            // A refused login says why, with the codes Sendbird's SDKs give a failed connection.
            expectError(try await api.call(.get, "/roost/events?user_id=ghost&token=\(token)", token: nil), status: .unauthorized, code: 400301)
            #expect(try await api.put("/v3/users/alice", #"{"is_active": false, "leave_all_when_deactivated": false}"#).status == .ok)
            let deactivated = try await api.call(.get, "/roost/events?user_id=alice", token: nil, headers: [.init("Session-Key")!: token])
            expectError(deactivated, status: .unauthorized, code: 400300)
            expectError(try await api.call(.get, "/roost/events", token: nil), status: .unauthorized, code: 400401)
        }
    }
}
