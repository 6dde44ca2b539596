import Foundation
import Testing

@Suite struct BanAndMuteTests {
    @Test func banRemovesBlocksRejoinAndLapses() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "public", "user_ids": ["alice", "bob"], "is_public": true, "operator_ids": ["alice"]}"#)
            let banned = try await api.post(
                "/v3/group_channels/public/ban", #"{"user_id": "bob", "agent_id": "alice", "seconds": 60, "description": "spam"}"#
            )
            #expect(banned.status == .ok, "\(banned)")
            #expect(banned["user"]["user_id"] == "bob")
            #expect(banned["start_at"].int == 1_700_000_000_000)
            #expect(banned["end_at"].int == 1_700_000_060_000)
            #expect(banned["description"] == "spam")
            #expect(try await api.memberIDs(of: "public") == ["alice"])

            expectError(try await api.put("/v3/group_channels/public/join", #"{"user_id": "bob"}"#), code: 900100)
            expectError(try await api.post("/v3/group_channels/public/invite", #"{"user_ids": ["bob"]}"#), code: 900100)
            expectError(try await api.post("/v3/group_channels/public/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "x"}"#), code: 900020)

            let list = try await api.get("/v3/group_channels/public/ban")
            #expect(list["banned_list"].array.map { $0["user"]["user_id"] } == ["bob"])
            #expect(list["total_ban_count"] == nil, "counted only when asked")
            #expect(try await api.get("/v3/group_channels/public/ban?show_total_ban_count=true")["total_ban_count"] == 1)
            #expect(try await api.get("/v3/group_channels/public/ban/bob")["description"] == "spam")
            let mine = try await api.get("/v3/users/bob/ban")
            #expect(mine["banned_channels"][0]["channel"]["channel_url"] == "public")

            let extended = try await api.put("/v3/group_channels/public/ban/bob", #"{"seconds": 120, "description": "more spam"}"#)
            #expect(extended["end_at"].int == 1_700_000_120_000)

            clock.advance(milliseconds: 120_001)
            expectError(try await api.get("/v3/group_channels/public/ban/bob"), code: 400201)
            #expect(try await api.get("/v3/group_channels/public/ban")["banned_list"] == [])
            #expect(try await api.put("/v3/group_channels/public/join", #"{"user_id": "bob"}"#).status == .ok)

            #expect(try await api.post("/v3/group_channels/public/ban", #"{"user_ids": ["bob", "carol"], "seconds": -1}"#)["banned_list"].array.count == 2)
            #expect(try await api.delete("/v3/group_channels/public/ban/carol").json == [:])
            #expect(try await api.put("/v3/group_channels/public/join", #"{"user_id": "carol"}"#).status == .ok)
            expectError(try await api.delete("/v3/group_channels/public/ban/alice"), code: 400201)
            expectError(try await api.post("/v3/group_channels/public/ban", #"{"user_id": "bob", "seconds": 0}"#), code: 400111)
            expectError(try await api.post("/v3/group_channels/public/ban", #"{"user_id": "bob", "seconds": 9223372036854775807}"#), code: 400111)
            expectError(try await api.post("/v3/users/bob/muted_channel_custom_types", #"{"channel_custom_types": ["x"], "seconds": 9223372036854775807}"#), code: 400111)
            expectError(try await api.post("/v3/group_channels/public/ban", #"{"user_id": "ghost"}"#), code: 400201)
        }
    }

    @Test func banInOpenChannelStopsSending() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            #expect(try await api.post("/v3/open_channels", #"{"channel_url": "lobby"}"#).status == .ok)
            #expect(try await api.post("/v3/open_channels/lobby/ban", #"{"user_id": "alice"}"#).status == .ok)
            expectError(try await api.post("/v3/open_channels/lobby/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "x"}"#), code: 900100)
        }
    }

    @Test func muteStopsSendingUntilItExpires() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            let muted = try await api.post("/v3/group_channels/chat/mute", #"{"user_id": "bob", "seconds": 30, "description": "calm down"}"#)
            #expect(muted.json == [:])
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "x"}"#), code: 900041)
            #expect(try await api.memberIDs(of: "chat") == ["alice", "bob"])
            #expect(try await api.memberIDs(of: "chat", query: "muted_member_filter=muted") == ["bob"])
            #expect(try await api.memberIDs(of: "chat", query: "muted_member_filter=unmuted") == ["alice"])
            let members = try await api.get("/v3/group_channels/chat?show_member=true")["members"].array
            #expect(members.first { $0["user_id"] == "bob" }?["is_muted"] == true)
            #expect(try await api.get("/v3/users/bob/my_group_channels?show_empty=true")["channels"][0]["my_muted_state"] == "muted")

            let status = try await api.get("/v3/group_channels/chat/mute/bob")
            #expect(status.json == ["is_muted": true, "remaining_duration": 30_000, "start_at": 1_700_000_000_000, "end_at": 1_700_000_030_000, "description": "calm down"])
            #expect(try await api.get("/v3/group_channels/chat/mute")["muted_list"].array.map { $0["user_id"] } == ["bob"])
            #expect(try await api.get("/v3/group_channels/chat/mute?show_total_mute_count=true")["total_mute_count"] == 1)
            let mutedIn = try await api.get("/v3/users/bob/mute")["muted_channels"][0]
            #expect(mutedIn["channel_url"] == "chat")
            #expect(mutedIn["end_at"].int == 1_700_000_030_000)
            clock.advance(milliseconds: 10_000)
            #expect(try await api.get("/v3/group_channels/chat/mute")["muted_list"][0]["remaining_duration"] == 20_000)
            #expect(try await api.get("/v3/users/bob/mute")["muted_channels"][0]["remaining_duration"] == 20_000)

            // A mute's reason may be 2,048 characters long, a ban's 250.
            let long = String(repeating: "a", count: 2048)
            #expect(try await api.post("/v3/group_channels/chat/mute", #"{"user_id": "alice", "seconds": 30, "description": "\#(long)"}"#).status == .ok)
            expectError(try await api.post("/v3/group_channels/chat/mute", #"{"user_id": "alice", "description": "\#(long)a"}"#), code: 400110)
            let ban = String(repeating: "b", count: 251)
            expectError(try await api.post("/v3/group_channels/chat/ban", #"{"user_id": "alice", "description": "\#(ban)"}"#), code: 400110)
            #expect(try await api.delete("/v3/group_channels/chat/mute/alice").json == [:])

            clock.advance(milliseconds: 20_000)
            #expect(try await api.get("/v3/group_channels/chat/mute/bob")["is_muted"] == false)
            try await api.say("bob", "back", in: "chat")

            #expect(try await api.post("/v3/group_channels/chat/mute", #"{"user_id": "bob"}"#).status == .ok)
            // A permanent mute reads -1 for its end and its time left (Sendbird's mute pages).
            let forever = try await api.get("/v3/group_channels/chat/mute/bob")
            #expect(forever["remaining_duration"] == -1 && forever["end_at"] == -1)
            #expect(try await api.get("/v3/group_channels/chat/mute")["muted_list"][0]["end_at"] == -1)
            #expect(try await api.get("/v3/users/bob/mute")["muted_channels"][0]["remaining_duration"] == -1)
            let told = try await api.get("/roost/events?category=roost:user_mute")["events"].array.last?["payload"]
            #expect(told?["end_at"] == -1)
            #expect(try await api.delete("/v3/group_channels/chat/mute/bob").json == [:])
            try await api.say("bob", "free", in: "chat")
            expectError(try await api.delete("/v3/group_channels/chat/mute/bob"), code: 400201)
        }
    }

    @Test func customTypeWideBansMutesAndOperators() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "sup-1", "user_ids": ["alice", "bob"], "custom_type": "support"}"#)
            try await api.createChannel(#"{"channel_url": "sup-2", "user_ids": ["alice", "bob"], "custom_type": "support"}"#)
            try await api.createChannel(#"{"channel_url": "sales-1", "user_ids": ["alice", "bob"], "custom_type": "sales"}"#)
            #expect(try await api.post("/v3/users/alice/operating_channel_custom_types", #"{"channel_custom_types": ["support"]}"#).json == [:])
            #expect(try await api.get("/v3/group_channels/sup-1")["operators"].array.map { $0["user_id"] } == ["alice"])
            #expect(try await api.get("/v3/group_channels/sales-1")["operators"] == [])

            #expect(try await api.post("/v3/users/bob/muted_channel_custom_types", #"{"channel_custom_types": ["sales"], "seconds": 60}"#).status == .ok)
            expectError(try await api.post("/v3/group_channels/sales-1/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "x"}"#), code: 900041)

            #expect(try await api.post("/v3/users/bob/banned_channel_custom_types", #"{"channel_custom_types": ["support"]}"#).status == .ok)
            #expect(try await api.memberIDs(of: "sup-1") == ["alice"])
            #expect(try await api.memberIDs(of: "sup-2") == ["alice"])
            #expect(try await api.memberIDs(of: "sales-1") == ["alice", "bob"])
            expectError(try await api.post("/v3/users/bob/banned_channel_custom_types", #"{"channel_custom_types": []}"#), code: 400105)
        }
    }

    @Test func frozenChannelsAcceptOperatorsAndAdmins() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"], "operator_ids": ["alice"]}"#)
            #expect(try await api.put("/v3/group_channels/chat/freeze", #"{"freeze": true}"#).status == .ok)
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "x"}"#), code: 900050)
            try await api.say("alice", "operator", in: "chat")
            try await api.send("chat", #"{"message_type": "ADMM", "message": "admin"}"#)
        }
    }

    @Test func onlySendersAndOperatorsEditWhenNamed() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob", "carol"], "operator_ids": ["alice"]}"#)
            let id = try await api.say("bob", "mine", in: "chat")["message_id"].int!
            let path = "/v3/group_channels/chat/messages/\(id)"
            expectError(try await api.put(path, #"{"user_id": "carol", "message": "hijack"}"#), code: 400108)
            #expect(try await api.put(path, #"{"user_id": "bob", "message": "edited"}"#)["message"] == "edited")
            #expect(try await api.put(path, #"{"user_id": "alice", "message": "moderated"}"#)["message"] == "moderated")
            expectError(try await api.delete("\(path)?user_id=carol"), code: 400108)
            #expect(try await api.delete("\(path)?user_id=alice").status == .ok)
        }
    }

    @Test func floodProtection() async throws {
        let clock = TestClock()
        try await withServer(clock: clock, maxMessagesPerSecond: 5) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            for index in 0..<5 { try await api.say("alice", "m\(index)", in: "chat") }
            let refused = try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "too fast"}"#)
            expectError(refused, status: .tooManyRequests, code: 400910)
            try await api.say("bob", "others are fine", in: "chat")
            #expect(try await api.get("/v3/group_channels/chat/messages/total_count")["total"] == 6)
            clock.advance(milliseconds: 1000)
            try await api.say("alice", "next second", in: "chat")
        }
    }

    /// Sendbird's own integration tests delete their users and channels after each test; the
    /// next test's new user and channel get the deleted rows' ids back from SQLite. What the
    /// flood gate counted for the deleted pair must not hold back the new one.
    @Test func floodProtectionForgetsDeletedUsersAndChannels() async throws {
        let clock = TestClock()
        try await withServer(clock: clock, maxMessagesPerSecond: 2) { api in
            for round in 0..<6 {
                let (user, channel) = round.isMultiple(of: 2) ? ("alice", "chat") : ("bob\(round)", "room\(round)")
                try await api.createUsers(user)
                try await api.createChannel(#"{"channel_url": "\#(channel)", "user_ids": ["\#(user)"]}"#)
                try await api.say(user, "first", in: channel)
                try await api.say(user, "second", in: channel)
                let refused = try await api.post("/v3/group_channels/\(channel)/messages", #"{"message_type": "MESG", "user_id": "\#(user)", "message": "third"}"#)
                expectError(refused, status: .tooManyRequests, code: 400910)
                if round.isMultiple(of: 3) {
                    #expect(try await api.delete("/v3/group_channels/\(channel)").status == .ok)
                    #expect(try await api.delete("/v3/users/\(user)").status == .ok)
                } else {
                    #expect(try await api.delete("/v3/users/\(user)").status == .ok)
                    #expect(try await api.delete("/v3/group_channels/\(channel)").status == .ok)
                }
            }
            // An emulator reset deletes every row at once.
            try await api.createUsers("carol")
            try await api.createChannel(#"{"channel_url": "hall", "user_ids": ["carol"]}"#)
            for text in ["one", "two"] { try await api.say("carol", text, in: "hall") }
            #expect(try await api.post("/roost/reset", "{}").status == .ok)
            try await api.createUsers("dave")
            try await api.createChannel(#"{"channel_url": "lobby", "user_ids": ["dave"]}"#)
            for text in ["one", "two"] { try await api.say("dave", text, in: "lobby") }
        }
    }
}
