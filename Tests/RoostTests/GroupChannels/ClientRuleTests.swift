import Testing

/// Rules Sendbird's iOS guides state and clients build on: blocking in 1-on-1 channels,
/// hidden history, a new member's read receipt, mention notifications, the send errors of
/// 1-on-1 channels and the exact member filter of a user's own list.
@Suite struct ClientRuleTests {
    func mine(_ api: API, _ userID: String, _ query: String = "") async throws -> [JSONValue] {
        try await api.get("/v3/users/\(userID)/my_group_channels?show_empty=true\(query)")["channels"].array
    }

    @Test func aBlockedUsersMessagesLeaveTheBlockersOneOnOneListAlone() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("mia", "ned", "ola")
            try await api.createChannel(#"{"channel_url": "mia-ned", "user_ids": ["mia", "ned"]}"#)
            try await api.createChannel(#"{"channel_url": "mia-ola", "user_ids": ["mia", "ola"]}"#)
            try await api.say("ned", "before", in: "mia-ned")
            clock.advance(milliseconds: 1_000)
            try await api.say("ola", "hello", in: "mia-ola")
            #expect(try await api.post("/v3/users/mia/block", #"{"target_id": "ned"}"#).status == .ok)
            clock.advance(milliseconds: 1_000)
            try await api.say("ned", "after the block", in: "mia-ned")

            let latest = try await mine(api, "mia", "&order=latest_last_message")
            #expect(latest.map { $0["channel_url"].string ?? "" } == ["mia-ola", "mia-ned"], "not moved up by Ned's message")
            #expect(latest[1]["last_message"]["message"] == "before" && latest[1]["unread_message_count"] == 1)
            // The same page read through its cursor.
            let first = try await api.get("/v3/users/mia/my_group_channels?order=latest_last_message&limit=1")
            let next = try await api.get("/v3/users/mia/my_group_channels?order=latest_last_message&limit=1&token=\(first["next"].string ?? "")")
            #expect(next["channels"].array.map { $0["channel_url"].string ?? "" } == ["mia-ned"])
            // Ned sees his own message; Mia's own stream never carried it.
            #expect(try await mine(api, "ned")[0]["last_message"]["message"] == "after the block")
            let heard = try await api.get("/roost/events?user_id=mia&category=group_channel:message_send")["events"].array
            #expect(!heard.contains { $0["payload"]["payload"]["message"] == "after the block" })

            // Once a message reaches Mia again, her list follows the channel.
            #expect(try await api.delete("/v3/users/mia/block/ned").status == .ok)
            clock.advance(milliseconds: 1_000)
            try await api.say("ned", "are you there?", in: "mia-ned")
            let again = try await mine(api, "mia", "&order=latest_last_message")
            #expect(again.map { $0["channel_url"].string ?? "" } == ["mia-ned", "mia-ola"])
            #expect(again[0]["last_message"]["message"] == "are you there?")
        }
    }

    /// Nothing about a message withheld from a blocker reaches them: not its edit, reactions
    /// or deletion, not the thread it replies to, and it does not bring back a hidden channel.
    /// Nor does the blocked user's typing.
    @Test func nothingAboutAWithheldMessageReachesTheBlocker() async throws {
        try await withServer { api in
            try await api.createUsers("mia", "ned")
            try await api.createChannel(#"{"channel_url": "mia-ned", "user_ids": ["mia", "ned"]}"#)
            let parent = try await api.say("mia", "before", in: "mia-ned")["message_id"].int!
            #expect(try await api.post("/v3/users/mia/block", #"{"target_id": "ned"}"#).status == .ok)
            #expect(try await api.put("/v3/group_channels/mia-ned/hide", #"{"user_id": "mia", "allow_auto_unhide": true}"#).status == .ok)
            let since = try await api.get("/roost/events?limit=1000")["events"].array.last?["seq"].int ?? 0
            let withheld = try await api.say("ned", "during", in: "mia-ned")["message_id"].int!
            let path = "/v3/group_channels/mia-ned/messages/\(withheld)"
            #expect(try await api.put(path, #"{"message_type": "MESG", "message": "edited"}"#).status == .ok)
            #expect(try await api.post("\(path)/reactions", #"{"user_id": "ned", "reaction": "smile"}"#).status == .ok)
            #expect(try await api.send("mia-ned", #"{"message_type": "MESG", "user_id": "ned", "message": "reply", "parent_message_id": \#(parent)}"#).status == .ok)
            #expect(try await api.delete(path).status == .ok)
            #expect(try await api.post("/v3/group_channels/mia-ned/typing", #"{"user_ids": ["ned"]}"#).status == .ok)
            let heard = try await api.get("/roost/events?limit=1000&since=\(since)&user_id=mia")["events"].array.map { $0["category"].string ?? "" }
            #expect(heard == [], "Mia heard \(heard)")
            let nedHeard = Set(try await api.get("/roost/events?limit=1000&since=\(since)&user_id=ned")["events"].array.map { $0["category"].string ?? "" })
            #expect(nedHeard.isSuperset(of: ["group_channel:message_update", "group_channel:reaction_add", "roost:thread_info_update", "group_channel:message_delete"]))
            let hidden = try await mine(api, "mia", "&hidden_mode=all")
            #expect(hidden.first?["hidden_state"] == "hidden_allow_auto_unhide", "still hidden: nothing reached her")
        }
    }

    @Test func sendingInAOneOnOneChannelNeedsAReceiverNotBlockedAndActive() async throws {
        try await withServer { api in
            try await api.createUsers("mia", "ned", "ola", "pia")
            try await api.createChannel(#"{"channel_url": "mia-ned", "user_ids": ["mia", "ned"]}"#)
            try await api.createChannel(#"{"channel_url": "mia-ola", "user_ids": ["mia", "ola"]}"#)
            try await api.createChannel(#"{"channel_url": "trio", "user_ids": ["mia", "ned", "pia"]}"#)
            #expect(try await api.post("/v3/users/mia/block", #"{"target_id": "ned"}"#).status == .ok)
            expectError(try await api.post("/v3/group_channels/mia-ned/messages", #"{"message_type": "MESG", "user_id": "mia", "message": "hi"}"#), code: 900080)
            let fromNed = try await api.say("ned", "hi", in: "mia-ned")
            #expect(fromNed.status == .ok, "the blocked user may still send: \(fromNed)")
            let toAll = try await api.say("mia", "hi all", in: "trio")
            #expect(toAll.status == .ok, "1-on-N channels are not refused: \(toAll)")
            let deactivated = try await api.put("/v3/users/ola", #"{"is_active": false, "leave_all_when_deactivated": false}"#)
            #expect(deactivated.status == .ok, "\(deactivated)")
            #expect(try await api.get("/v3/group_channels/mia-ola")["member_count"] == 2, "she stays a member")
            expectError(try await api.post("/v3/group_channels/mia-ola/messages", #"{"message_type": "MESG", "user_id": "mia", "message": "hi"}"#), code: 900081)
        }
    }

    @Test func hidingPreviousMessagesLeavesNoneUnread() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("ann", "bob", "cid")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["ann", "bob", "cid"]}"#)
            try await api.say("ann", "one", in: "room")
            try await api.say("ann", "two", in: "room")
            clock.advance(milliseconds: 1_000)
            #expect(try await api.put("/v3/group_channels/room/hide", #"{"user_id": "bob", "hide_previous_messages": true}"#).status == .ok)
            #expect(try await api.get("/v3/group_channels/room/messages/unread_count?user_ids=bob,cid")["unread"] == ["bob": 0, "cid": 2])
            // Without hiding the previous messages, they stay unread.
            try await api.say("ann", "three", in: "room")
            #expect(try await api.put("/v3/group_channels/room/hide", #"{"user_id": "bob"}"#).status == .ok)
            #expect(try await api.get("/v3/group_channels/room/messages/unread_count?user_ids=bob,cid")["unread"] == ["bob": 1, "cid": 3])
            // Hidden for everyone with the previous messages, they are read by everyone.
            clock.advance(milliseconds: 1_000)
            let hideAll = #"{"should_hide_all": true, "hide_previous_messages": true}"#
            #expect(try await api.put("/v3/group_channels/room/hide", hideAll).status == .ok)
            #expect(try await api.get("/v3/group_channels/room/messages/unread_count?user_ids=bob,cid")["unread"] == ["bob": 0, "cid": 0])
        }
    }

    @Test func aNewMembersReadReceiptIsTheLastMessagesTime() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("ann", "bob", "cid")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["ann", "bob"]}"#)
            let sent = try await api.say("ann", "welcome", in: "room")["created_at"].int
            clock.advance(milliseconds: 5_000)
            #expect(try await api.post("/v3/group_channels/room/invite", #"{"user_ids": ["cid"]}"#).status == .ok)
            let receipts = try await api.get("/v3/group_channels/room?show_read_receipt=true")["read_receipt"]
            #expect(receipts["cid"].int == sent)
        }
    }

    @Test func onlyTheFirstTenMentionedAreNotified() async throws {
        try await withServer { api in
            let fans = (1...12).map { "fan\($0)" }
            try await api.createUser("star")
            for fan in fans { try await api.createUser(fan) }
            let members = (["star"] + fans).map { "\"\($0)\"" }.joined(separator: ",")
            try await api.createChannel(#"{"channel_url": "stage", "user_ids": [\#(members)]}"#)
            let mentioned = fans.map { "\"\($0)\"" }.joined(separator: ",")
            let sent = try await api.send("stage", #"{"message_type": "MESG", "user_id": "star", "message": "thanks all", "mentioned_user_ids": [\#(mentioned)]}"#)
            #expect(sent["mentioned_users"].array.count == 12, "the message names them all")
            for (index, fan) in fans.enumerated() {
                #expect(try await mine(api, fan)[0]["unread_mention_count"] == (index < 10 ? 1 : 0), "\(fan)")
            }
            // Reading recounts with the same rule.
            #expect(try await api.put("/v3/group_channels/stage/messages/mark_as_read", #"{"user_id": "fan12", "timestamp": 1}"#).status == .ok)
            #expect(try await mine(api, "fan12")[0]["unread_mention_count"] == 0)
            #expect(try await mine(api, "fan1")[0]["unread_mention_count"] == 1)
        }
    }

    @Test func exactMembersInAUsersOwnListCountTheUser() async throws {
        try await withServer { api in
            try await api.createUsers("mia", "ned", "ola")
            try await api.createChannel(#"{"channel_url": "mia-ned", "user_ids": ["mia", "ned"]}"#)
            try await api.createChannel(#"{"channel_url": "trio", "user_ids": ["mia", "ned", "ola"]}"#)
            func exactly(_ ids: String) async throws -> [String] {
                try await mine(api, "mia", "&members_exactly_in=\(ids)").map { $0["channel_url"].string ?? "" }
            }
            #expect(try await exactly("ned") == ["mia-ned"])
            #expect(try await exactly("mia,ned") == ["mia-ned"])
            #expect(try await exactly("ned,ola") == ["trio"])
            #expect(try await exactly("ola") == [])
            // Only ids of existing users are searched for (the parameter's text in Sendbird's SDKs).
            #expect(try await exactly("ned,ghost") == ["mia-ned"])
            // The application-wide list has no viewer: the members named are all of them.
            let all = try await api.get("/v3/group_channels?members_exactly_in=ned")["channels"].array
            #expect(all.isEmpty)
        }
    }

    @Test func anOpenChannelDisplaysFiveMessagesASecond() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("ann", "bob")
            #expect(try await api.post("/v3/open_channels", #"{"channel_url": "hall"}"#).status == .ok)
            func say(_ userID: String, _ text: String) async throws {
                #expect(try await api.post("/v3/open_channels/hall/messages", #"{"message_type": "MESG", "user_id": "\#(userID)", "message": "\#(text)"}"#).status == .ok)
            }
            try await say("bob", "here")
            clock.advance(milliseconds: 1_000)
            for index in 1...8 {
                try await say("ann", "burst \(index)")
                clock.advance(milliseconds: 10)
            }
            clock.advance(milliseconds: 1_000)
            try await say("ann", "later")
            // Every message is saved; Bob's stream shows five of the burst.
            #expect(try await api.texts("/v3/open_channels/hall/messages?message_ts=9999999999999&prev_limit=20").count == 10)
            let shown = try await api.get("/roost/events?user_id=bob&category=open_channel:message_send")["events"].array
                .map { $0["payload"]["payload"]["message"].string ?? "" }
            #expect(shown == ["here"] + (1...5).map { "burst \($0)" } + ["later"])
            let logged = try await api.get("/roost/events?category=open_channel:message_send")["events"].array
            #expect(logged.count == 10, "the master stream and webhooks still have them all")
        }
    }
}
