import Testing

/// Bots through `/v3/bots`: a bot is a user with a callback URL that joins channels, leaves
/// them and sends messages.
@Suite struct BotTests {
    static let create = #"""
        {"bot_userid": "helper", "bot_nickname": "Helper", "bot_profile_url": "", "bot_type": "assistant",
         "bot_callback_url": "http://127.0.0.1:9/callback", "is_privacy_mode": false}
        """#

    @Test func createListViewUpdateDelete() async throws {
        try await withServer { api in
            let created = try await api.post("/v3/bots", Self.create)
            #expect(created.status == .ok, "\(created)")
            #expect(created["bot"]["bot_userid"] == "helper")
            #expect(created["bot"]["bot_nickname"] == "Helper")
            #expect(created["bot"]["bot_token"].string?.count == 40)
            #expect(created["enable_mark_as_read"] == true)
            #expect(created["show_member"] == false)
            #expect(created["channel_invitation_preference"].int == 0)
            #expect(created["created_at"].int == 1_700_000_000)
            #expect(try await api.get("/v3/users/helper")["nickname"] == "Helper", "a bot is a user")
            try await api.createUsers("human")
            let everyone = try await api.get("/v3/users")["users"].array.compactMap { $0["user_id"].string }
            #expect(everyone == ["helper", "human"])
            #expect(try await api.get("/v3/users?show_bot=false")["users"].array.compactMap { $0["user_id"].string } == ["human"])
            #expect(try await api.get("/v3/users?show_bot=true")["users"].array.count == 2)
            expectError(try await api.get("/v3/users?show_bot=maybe"), code: 400104)
            expectError(try await api.post("/v3/bots", Self.create), code: 400202)

            #expect(try await api.get("/v3/bots")["bots"].array.map { $0["bot"]["bot_userid"].string } == ["helper"])
            #expect(try await api.get("/v3/bots/helper")["bot_type"] == .null)
            #expect(try await api.get("/v3/bots/helper")["bot"]["bot_type"] == "assistant")

            let updated = try await api.put("/v3/bots/helper", #"{"bot_nickname": "Helpful", "show_member": true, "is_privacy_mode": true}"#)
            #expect(updated["bot"]["bot_nickname"] == "Helpful")
            #expect(updated["show_member"] == true && updated["is_privacy_mode"] == true)
            expectError(try await api.put("/v3/bots/helper", #"{"bot_userid": "other"}"#), code: 400111)

            #expect(try await api.delete("/v3/bots/helper").status == .ok)
            expectError(try await api.get("/v3/bots/helper"), code: 400201)
            expectError(try await api.get("/v3/users/helper"), code: 400201)
        }
    }

    @Test func joinSendAndLeave() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            try await api.createChannel(#"{"channel_url": "deck", "user_ids": ["alice"]}"#)
            #expect(try await api.post("/v3/bots", Self.create).status == .ok)

            let joined = try await api.post("/v3/bots/helper/channels", #"{"channel_urls": ["room", "deck"]}"#)
            #expect(joined.status == .ok, "\(joined)")
            #expect(joined["channel_url"] == "room")
            #expect(joined["channels"].array.compactMap { $0["channel_url"].string } == ["room", "deck"])
            // A channel with a bot among its members says so (Sendbird's own integration tests).
            #expect(try await api.get("/v3/group_channels/room")["has_bot"] == true)
            #expect(try await api.get("/v3/group_channels?channel_urls=room&show_empty=true")["channels"][0]["has_bot"] == true)
            expectError(try await api.post("/v3/bots/helper/channels", #"{"channel_urls": ["nowhere"]}"#), code: 400201)

            let sent = try await api.post("/v3/bots/helper/send", #"{"message": "hello", "channel_url": "room", "mentioned": ["alice"]}"#)
            #expect(sent.status == .ok, "\(sent)")
            #expect(sent["user"]["user_id"] == "helper")
            #expect(sent["message"] == "hello")
            #expect(sent["mentioned_users"][0]["user_id"] == "alice")
            #expect(sent["extended_message_payload"] == .null, "shown only when the send gave it")
            let suggesting = try await api.post("/v3/bots/helper/send", #"""
                {"message": "pick one", "channel_url": "room",
                 "extended_message_payload": {"suggested_replies": ["yes", "no"], "custom_view": {"title": "Pick", "image": "https://example.com/a.png"}}}
                """#)
            let payload: JSONValue = ["suggested_replies": ["yes", "no"], "custom_view": ["image": "https://example.com/a.png", "title": "Pick"]]
            #expect(suggesting["extended_message_payload"] == payload)
            let history = try await api.get("/v3/group_channels/room/messages?message_ts=9999999999999&prev_limit=1")["messages"]
            #expect(history[0]["extended_message_payload"] == payload)
            // As JSON text, as a form (SDK 2.x) sends it; on a member's send too (below).
            let asText = #"{\"suggested_replies\": [\"ok\"]}"#
            let fromBot = try await api.post("/v3/bots/helper/send", #"{"message": "ok?", "channel_url": "room", "extended_message_payload": "\#(asText)"}"#)
            #expect(fromBot["extended_message_payload"] == ["suggested_replies": ["ok"]], "\(fromBot)")
            expectError(try await api.post("/v3/bots/helper/send", #"{"message": "x", "channel_url": "room", "extended_message_payload": {"custom_view": 3}}"#), code: 400111)
            let unread = try await api.get("/v3/users/helper/unread_message_count")
            #expect(unread["unread_count"].int == 0, "the bot's own message is read")
            let fromMember = try await api.post(
                "/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "ok", "extended_message_payload": "\#(asText)"}"#
            )
            #expect(fromMember["extended_message_payload"] == ["suggested_replies": ["ok"]], "\(fromMember)")

            #expect(try await api.delete("/v3/bots/helper/channels/room").status == .ok)
            expectError(try await api.post("/v3/bots/helper/send", #"{"message": "again", "channel_url": "room"}"#), code: 900020)
            #expect(try await api.delete("/v3/bots/helper/channels").status == .ok)
            let deck = try await api.get("/v3/group_channels/deck/members")["members"].array.compactMap { $0["user_id"].string }
            #expect(deck == ["alice"])
            #expect(try await api.get("/v3/group_channels/deck")["has_bot"] == false)
        }
    }

    @Test func badInputIsRefused() async throws {
        try await withServer { api in
            expectError(try await api.post("/v3/bots", #"{"bot_userid": "b"}"#), code: 400105)
            expectError(try await api.post("/v3/bots", Self.create.replacingOccurrences(of: "http://127.0.0.1:9/callback", with: "")), code: 400105)
            expectError(try await api.post("/v3/bots", Self.create.replacingOccurrences(of: #""is_privacy_mode": false"#, with: #""is_privacy_mode": "no""#)), code: 400104)
            expectError(try await api.post("/v3/bots/nobody/channels", #"{"channel_urls": ["room"]}"#), code: 400201)
            expectError(try await api.post("/v3/bots/nobody/send", #"{"message": "x", "channel_url": "room"}"#), code: 400201)
            #expect(try await api.get("/v3/bots")["bots"].array.isEmpty)
            // Any callback URL is taken: Sendbird's own integration tests create a bot with "callbacn-url".
            let odd = try await api.post("/v3/bots", Self.create.replacingOccurrences(of: "http://127.0.0.1:9/callback", with: "callbacn-url"))
            #expect(odd["bot"]["bot_userid"] == "helper", "\(odd)")
        }
    }
}
