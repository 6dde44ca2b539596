import Testing

/// The push notifications a send makes, as `GET /roost/pushes` shows them.
@Suite struct PushOutboxTests {
    func send(_ api: API, _ body: String) async throws {
        let reply = try await api.post("/v3/group_channels/room/messages", body)
        #expect(reply.status == .ok, "\(reply)")
    }

    func recipients(_ api: API, after seq: Int) async throws -> [String] {
        try await api.get("/roost/pushes?since=\(seq)")["pushes"].array.map { $0["push"]["user_id"].string ?? "" }
    }

    func lastSeq(_ api: API) async throws -> Int {
        try await api.get("/roost/pushes?limit=1000")["last_seq"].int ?? 0
    }

    @Test func offlineMembersGetWhatTheirPreferencesAllow() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol", "dave", "erin")
            try await api.createChannel(#"{"channel_url": "room", "name": "Room", "user_ids": ["alice", "bob", "carol", "dave", "erin"]}"#)
            for (user, type, field) in [("bob", "gcm", "gcm_reg_token"), ("carol", "apns", "apns_device_token"), ("dave", "gcm", "gcm_reg_token"), ("erin", "gcm", "gcm_reg_token")] {
                #expect(try await api.post("/v3/users/\(user)/push/\(type)", #"{"\#(field)": "\#(user)-phone"}"#).status == .ok)
            }
            try await send(api, #"{"message_type": "MESG", "user_id": "alice", "message": "hello"}"#)
            #expect(try await recipients(api, after: 0).isEmpty, "no provider is configured")

            #expect(try await api.post("/v3/applications/push/fcm", #"{"api_key": "key"}"#).status == .ok)
            #expect(try await api.put("/v3/users/dave/push_preference/room", #"{"push_trigger_option": "mention_only"}"#).status == .ok)
            #expect(try await api.post("/v3/users/erin/block", #"{"target_id": "alice"}"#).status == .ok)
            try await send(api, #"{"message_type": "MESG", "user_id": "alice", "message": "hello"}"#)
            let pushes = try await api.get("/roost/pushes")["pushes"].array
            #expect(pushes.map { $0["push"]["user_id"].string ?? "" } == ["bob"], "carol's APNs is not configured, dave wants mentions, erin blocked alice")
            let push = pushes[0]["push"]
            #expect(push["category"] == "roost:push" && push["channel_url"] == "room" && push["alert"] == "alice: hello")
            #expect(push["devices"] == [["token_type": "gcm", "token": "bob-phone"]] && push["sound"] == "default" && push["badge"] == 2)
            #expect(push["sendbird"]["sender"]["id"] == "alice" && push["sendbird"]["recipient"]["id"] == "bob")
            #expect(push["sendbird"]["channel"]["name"] == "Room" && push["sendbird"]["channel_type"] == "group_messaging")
            #expect(push["sendbird"]["category"] == "messaging:offline_notification" && push["sendbird"]["unread_message_count"] == 2)

            var seq = try await lastSeq(api)
            try await send(api, #"{"message_type": "MESG", "user_id": "alice", "message": "psst", "mentioned_user_ids": ["dave"]}"#)
            #expect(try await recipients(api, after: seq) == ["bob", "dave"])
            seq = try await lastSeq(api)
            try await send(api, #"{"message_type": "MESG", "user_id": "alice", "message": "shh", "is_silent": true}"#)
            try await send(api, #"{"message_type": "ADMM", "message": "maintenance"}"#)
            #expect(try await recipients(api, after: seq).isEmpty, "silent and admin messages push no one")
            try await send(api, #"{"message_type": "ADMM", "message": "maintenance", "send_push": true}"#)
            let admin = try await api.get("/roost/pushes?since=\(seq)&user_id=bob")["pushes"].array
            #expect(admin.map { $0["push"]["alert"].string ?? "" } == ["maintenance"])

            seq = try await lastSeq(api)
            #expect(try await api.put("/v3/users/bob/push/template", #"{"name": "alternative"}"#).status == .ok)
            try await send(api, #"{"message_type": "MESG", "user_id": "carol", "message": "hi"}"#)
            #expect(try await api.get("/roost/pushes?since=\(seq)&user_id=bob")["pushes"][0]["push"]["alert"] == "New message arrived!")

            // The test clock reads 22:13 UTC.
            seq = try await lastSeq(api)
            let quiet = #"{"do_not_disturb": true, "start_hour": 22, "start_min": 0, "end_hour": 6, "end_min": 0, "timezone": "UTC"}"#
            #expect(try await api.put("/v3/users/bob/push_preference", quiet).status == .ok)
            try await send(api, #"{"message_type": "MESG", "user_id": "carol", "message": "late"}"#)
            #expect(try await recipients(api, after: seq) == ["erin"], "bob's quiet hours; alice has no device")
            #expect(try await api.put("/v3/users/bob/push_preference", #"{"timezone": "Asia/Seoul"}"#).status == .ok)
            seq = try await lastSeq(api)
            try await send(api, #"{"message_type": "MESG", "user_id": "carol", "message": "morning in Seoul"}"#)
            #expect(try await recipients(api, after: seq) == ["bob", "erin"])

            #expect(try await api.put("/v3/applications/push/settings", #"{"push_enabled": false}"#).status == .ok)
            seq = try await lastSeq(api)
            try await send(api, #"{"message_type": "MESG", "user_id": "carol", "message": "anyone?"}"#)
            #expect(try await recipients(api, after: seq).isEmpty, "push is off for the application")

            #expect(try await api.get("/roost/pushes?user_id=dave")["pushes"].array.count == 1)
            #expect(try await api.get("/roost/pushes?channel_url=elsewhere")["pushes"] == [])
            let recorded = try await api.get("/roost/events?category=roost:push")["events"].array
            let listed = try await api.get("/roost/pushes")["pushes"].array
            #expect(recorded.count == 10 && listed.count == 10)
            let view = try await api.get("/v3/users/dave/my_group_channels")["channels"][0]
            #expect(view["my_push_trigger_option"] == "mention_only" && view["is_push_enabled"] == true)
            expectError(try await api.get("/roost/pushes?limit=0"), code: 400113)
            expectError(try await api.call(.get, "/roost/pushes", token: nil), status: .unauthorized, code: 400401)
        }
    }

    /// A bot's message pushes as a member's does, unless its send says `send_push: false`.
    @Test func aBotsMessagePushesUnlessItsSendSaysNot() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            #expect(try await api.post("/v3/bots", BotTests.create).status == .ok)
            expectOK(try await api.post("/v3/bots/helper/channels", #"{"channel_urls": ["room"]}"#))
            expectOK(try await api.post("/v3/users/alice/push/gcm", #"{"gcm_reg_token": "alice-phone"}"#))
            expectOK(try await api.post("/v3/applications/push/fcm", #"{"api_key": "key"}"#))

            expectOK(try await api.post("/v3/bots/helper/send", #"{"message": "hello", "channel_url": "room"}"#))
            #expect(try await recipients(api, after: 0) == ["alice"])
            let seq = try await lastSeq(api)
            expectOK(try await api.post("/v3/bots/helper/send", #"{"message": "quiet", "channel_url": "room", "send_push": false}"#))
            #expect(try await recipients(api, after: seq).isEmpty)
        }
    }
}
