import Foundation
import Testing

@Suite struct GroupChannelTests {
    @Test func createReturnsTheChannel() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            let reply = try await api.createChannel(
                #"{"user_ids": ["alice", "bob"], "name": "Study", "cover_url": "https://x/c.png", "custom_type": "study", "data": "{}", "operator_ids": ["alice"], "inviter_id": "alice"}"#
            )
            let url = try #require(reply["channel_url"].string)
            #expect(url.hasPrefix("sendbird_group_channel_"))
            #expect(reply["name"] == "Study")
            #expect(reply["cover_url"] == "https://x/c.png")
            #expect(reply["custom_type"] == "study")
            #expect(reply["data"] == "{}")
            #expect(reply["member_count"] == 2)
            #expect(reply["joined_member_count"] == 2)
            #expect(reply["is_distinct"] == false)
            #expect(reply["is_public"] == false)
            #expect(reply["is_super"] == false)
            #expect(reply["freeze"] == false)
            #expect(reply["is_created"] == true)
            #expect(reply["created_at"].int == 1_700_000_000)
            #expect(reply["created_by"]["user_id"] == "alice")
            #expect(reply["operators"].array.map { $0["user_id"] } == ["alice"])
            #expect(reply["last_message"] == nil)
            #expect(reply["unread_message_count"] == 0)
            #expect(reply["members"].array.map { $0["user_id"] } == ["alice", "bob"])
            #expect(reply["members"][0]["role"] == "operator")
            #expect(reply["members"][1]["state"] == "joined")

            let viewed = try await api.get("/v3/group_channels/\(url)")
            #expect(viewed["channel_url"].string == url)
            #expect(viewed["members"] == nil)
            #expect(try await api.get("/v3/group_channels/\(url)?show_member=true")["members"].array.count == 2)
        }
    }

    @Test func unnamedChannelsAreCalledGroupChannel() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            #expect(try await api.createChannel(#"{"user_ids": ["alice"]}"#)["name"] == "group channel")
        }
    }

    @Test func customURLsAreCheckedAndUnique() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            #expect(try await api.createChannel(#"{"user_ids": ["alice"], "channel_url": "my-room_1"}"#)["channel_url"] == "my-room_1")
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": ["alice"], "channel_url": "my-room_1"}"#), code: 400202)
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": ["alice"], "channel_url": "has space"}"#), code: 400151)
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": ["alice"], "channel_url": "\#(String(repeating: "a", count: 101))"}"#), code: 400110)
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": ["alice"], "name": "\#(String(repeating: "n", count: 192))"}"#), code: 400110)
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": "alice"}"#), code: 400102)
            expectError(try await api.get("/v3/group_channels/nowhere"), code: 400201)
        }
    }

    @Test func distinctChannelIsReusedForTheSameMembers() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            let first = try await api.createChannel(#"{"user_ids": ["alice", "bob"], "is_distinct": true}"#)
            #expect(first["is_created"] == true)
            let again = try await api.createChannel(#"{"user_ids": ["bob", "alice"], "is_distinct": true}"#)
            #expect(again["is_created"] == false)
            #expect(again["channel_url"] == first["channel_url"])
            let otherType = try await api.createChannel(#"{"user_ids": ["alice", "bob"], "is_distinct": true, "custom_type": "x"}"#)
            #expect(otherType["channel_url"] != first["channel_url"])
            let notDistinct = try await api.createChannel(#"{"user_ids": ["alice", "bob"]}"#)
            #expect(notDistinct["channel_url"] != first["channel_url"])

            let url = first["channel_url"].string!
            #expect(try await api.post("/v3/group_channels/\(url)/invite", #"{"user_ids": ["carol"]}"#)["is_distinct"] == false)
            let fresh = try await api.createChannel(#"{"user_ids": ["alice", "bob"], "is_distinct": true}"#)
            #expect(fresh["is_created"] == true)
            #expect(fresh["channel_url"] != first["channel_url"])

            expectError(try await api.post("/v3/group_channels", #"{"user_ids": ["alice"], "is_distinct": true, "is_super": true}"#), code: 400111)
        }
    }

    @Test func strictRefusesUnknownUsersOtherwiseTheyAreSkipped() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": ["alice", "ghost"], "strict": true}"#), code: 400111)
            #expect(try await api.get("/v3/group_channels?show_empty=true")["channels"] == [])
            let lenient = try await api.createChannel(#"{"user_ids": ["alice", "ghost"]}"#)
            #expect(lenient["member_count"] == 1)
        }
    }

    @Test func invitationAndHiddenStatusAtCreation() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            let reply = try await api.createChannel(
                #"{"user_ids": ["alice", "bob", "carol"], "invitation_status": {"bob": "invited_by_friend"}, "hidden_status": {"carol": "hidden_prevent_auto_unhide"}}"#
            )
            #expect(reply["member_count"] == 3)
            #expect(reply["joined_member_count"] == 2)
            let url = reply["channel_url"].string!
            let carol = try await api.get("/v3/users/carol/my_group_channels?show_empty=true&hidden_mode=all")
            #expect(carol["channels"][0]["hidden_state"] == "hidden_prevent_auto_unhide")
            #expect(carol["channels"][0]["is_hidden"] == true)
            #expect(try await api.get("/v3/group_channels/\(url)/members/bob").json == ["is_member": true, "state": "invited"])
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": ["alice"], "invitation_status": {"alice": "maybe"}}"#), code: 400111)
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": ["alice"], "hidden_status": {"alice": "gone"}}"#), code: 400111)
        }
    }

    @Test func inviterRespectsAutoAcceptPreference() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            #expect(try await api.put("/v3/users/bob/channel_invitation_preference", #"{"auto_accept": false}"#).status == .ok)
            let reply = try await api.createChannel(#"{"user_ids": ["alice", "bob"], "inviter_id": "alice"}"#)
            #expect(reply["joined_member_count"] == 1)
            let bob = try await api.get("/v3/users/bob/my_group_channels?show_empty=true")
            #expect(bob["channels"][0]["member_state"] == "invited")
            #expect(bob["channels"][0]["inviter"]["user_id"] == "alice")
            #expect(bob["channels"][0]["invited_at"].int == 1_700_000_000_000)
        }
    }

    /// What Sendbird's own integration tests read in a channel object: one member's own state
    /// when viewed with `user_id`, the `channel` summary of a single view, the bot flags, and
    /// the inviter in the answer to an invitation.
    @Test func aChannelAsAMemberSeesIt() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            expectOK(try await api.put("/v3/users/carol/channel_invitation_preference", #"{"auto_accept": false}"#))
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"], "name": "Room"}"#)
            #expect(try await api.put("/v3/group_channels/room/hide", #"{"user_id": "bob", "allow_auto_unhide": true}"#).status == .ok)
            let asBob = try await api.get("/v3/group_channels/room?user_id=bob")
            #expect(asBob["member_state"] == "joined" && asBob["hidden_state"] == "hidden_allow_auto_unhide" && asBob["is_hidden"] == true)
            #expect(asBob["joined_ts"].int.map { String($0).count } == 10, "in seconds")
            #expect(asBob["has_bot"] == false && asBob["has_ai_bot"] == false)
            let summary = asBob["channel"]
            #expect(summary["channel_url"] == "room" && summary["name"] == "Room" && summary["member_count"] == 2)
            #expect(summary["max_length_message"] == 5000 && summary["created_at"] == asBob["created_at"])
            #expect(try await api.get("/v3/group_channels/room")["member_state"] == .null, "no one in particular")
            expectError(try await api.get("/v3/group_channels/room?user_id=ghost"), code: 400201)

            let invited = try await api.post("/v3/group_channels/room/invite", #"{"user_ids": ["carol"], "inviter_id": "alice"}"#)
            #expect(invited["inviter"]["user_id"] == "alice" && invited["invited_at"].int ?? 0 > 0 && invited["member_state"] == "invited")
            let listed = try await api.get("/v3/group_channels?channel_urls=room&show_empty=true")["channels"][0]
            #expect(listed["invited_at"] == 0 && listed["channel"] == .null)
            let listedForBob = try await api.get("/v3/group_channels?channel_urls=room&show_empty=true&user_id=bob")["channels"][0]
            #expect(listedForBob["member_state"] == "joined" && listedForBob["hidden_state"] == "hidden_allow_auto_unhide")
        }
    }

    @Test func memberLimit() async throws {
        try await withServer { api in
            let ids = (0...100).map { "u\($0)" }
            for id in ids { try await api.createUser(id) }
            let list = ids.map { "\"\($0)\"" }.joined(separator: ", ")
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": [\#(list)]}"#), code: 400203)
            // Up to 100 at a time, whether they exist or not; and at least one.
            let strangers = (0...100).map { "\"nobody\($0)\"" }.joined(separator: ", ")
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": [\#(strangers)]}"#), code: 400203)
            expectError(try await api.post("/v3/group_channels", #"{"channel_url": "empty"}"#), code: 400105)
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": [], "users": []}"#), code: 400105)
            let supergroup = try await api.createChannel(#"{"user_ids": [\#(list)], "is_super": true}"#)
            #expect(supergroup["member_count"] == 101)
            // A Supergroup shows ten of its members, as a preview.
            let url = try #require(supergroup["channel_url"].string)
            let viewed = try await api.get("/v3/group_channels/\(url)?show_member=true")
            #expect(viewed["members"].array.count == 10 && viewed["member_count"] == 101)
            #expect(try await api.memberIDs(of: url).count == 100)
        }
    }

    @Test func updateAndDelete() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            let url = try await api.createChannel(#"{"user_ids": ["alice", "bob"], "operator_ids": ["alice"]}"#)["channel_url"].string!
            let updated = try await api.put(
                "/v3/group_channels/\(url)",
                #"{"name": "New", "cover_url": "c", "custom_type": "t", "data": "d", "is_public": true, "access_code": "1234", "operator_ids": ["bob"]}"#
            )
            #expect(updated["name"] == "New")
            #expect(updated["cover_url"] == "c")
            #expect(updated["custom_type"] == "t")
            #expect(updated["data"] == "d")
            #expect(updated["is_public"] == true)
            #expect(updated["is_access_code_required"] == true)
            #expect(updated["operators"].array.map { $0["user_id"] } == ["alice", "bob"])

            let distinct = try await api.put("/v3/group_channels/\(url)", #"{"is_distinct": true}"#)
            #expect(distinct["is_distinct"] == true)
            #expect(try await api.createChannel(#"{"user_ids": ["alice", "bob"], "is_distinct": true, "custom_type": "t"}"#)["channel_url"].string == url)

            // A channel becomes a Supergroup for good, and only while not distinct.
            expectError(try await api.put("/v3/group_channels/\(url)", #"{"is_super": true}"#), code: 400111)
            let supergroup = try await api.put("/v3/group_channels/\(url)", #"{"is_super": true, "is_distinct": false}"#)
            #expect(supergroup["is_super"] == true && supergroup["is_distinct"] == false)
            #expect(try await api.get("/v3/group_channels/\(url)")["is_super"] == true)
            expectError(try await api.put("/v3/group_channels/\(url)", #"{"is_super": false}"#), code: 400111)
            #expect(try await api.put("/v3/group_channels/\(url)", #"{"is_super": true}"#).status == .ok)

            expectError(try await api.put("/v3/group_channels/\(url)", #"{"name": 1}"#), code: 400100)
            expectError(try await api.put("/v3/group_channels/\(url)", #"{"operator_ids": ["ghost"]}"#), code: 400201)
            #expect(try await api.delete("/v3/group_channels/\(url)").json == [:])
            expectError(try await api.get("/v3/group_channels/\(url)"), code: 400201)
            expectError(try await api.delete("/v3/group_channels/\(url)"), code: 400201)
        }
    }

    @Test func freeze() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            let url = try await api.createChannel(#"{"user_ids": ["alice"]}"#)["channel_url"].string!
            #expect(try await api.put("/v3/group_channels/\(url)/freeze", #"{"freeze": true}"#)["freeze"] == true)
            #expect(try await api.get("/v3/group_channels?show_empty=true&show_frozen=false")["channels"] == [])
            #expect(try await api.put("/v3/group_channels/\(url)/freeze", #"{"freeze": false}"#)["freeze"] == false)
            expectError(try await api.put("/v3/group_channels/\(url)/freeze", "{}"), code: 400105)
        }
    }

    @Test func operators() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            let url = try await api.createChannel(#"{"user_ids": ["alice", "bob", "carol"]}"#)["channel_url"].string!
            #expect(try await api.post("/v3/group_channels/\(url)/operators", #"{"operator_ids": ["alice", "bob"]}"#).json == [:])
            let first = try await api.get("/v3/group_channels/\(url)/operators?limit=1")
            #expect(first["operators"].array.map { $0["user_id"] } == ["alice"])
            let second = try await api.get("/v3/group_channels/\(url)/operators?limit=1&token=\(first["next"].string!)")
            #expect(second["operators"].array.map { $0["user_id"] } == ["bob"])
            #expect(second["next"] == "")
            #expect(try await api.memberIDs(of: url, query: "operator_filter=operator") == ["alice", "bob"])
            #expect(try await api.memberIDs(of: url, query: "operator_filter=nonoperator") == ["carol"])

            #expect(try await api.delete("/v3/group_channels/\(url)/operators?operator_ids=alice").status == .ok)
            #expect(try await api.get("/v3/group_channels/\(url)/operators")["operators"].array.map { $0["user_id"] } == ["bob"])
            expectError(try await api.delete("/v3/group_channels/\(url)/operators?operator_ids=carol"), code: 400111)
            #expect(try await api.delete("/v3/group_channels/\(url)/operators?delete_all=true").status == .ok)
            #expect(try await api.get("/v3/group_channels/\(url)/operators")["operators"] == [])
            expectError(try await api.post("/v3/group_channels/\(url)/operators", #"{"operator_ids": ["ghost"]}"#), code: 400201)
            expectError(try await api.delete("/v3/group_channels/\(url)/operators"), code: 400105)
        }
    }

    @Test func typingIsForMembersAndShowsWhileFresh() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            let url = try await api.createChannel(#"{"user_ids": ["alice"]}"#)["channel_url"].string!
            #expect(try await api.get("/v3/group_channels/\(url)")["typing_users"] == [])
            #expect(try await api.post("/v3/group_channels/\(url)/typing", #"{"user_ids": ["alice"]}"#).json == [:])
            #expect(try await api.get("/v3/group_channels/\(url)")["typing_users"].array.map { $0["user_id"] } == ["alice"])
            clock.advance(milliseconds: 10_001)
            #expect(try await api.get("/v3/group_channels/\(url)")["typing_users"] == [])
            #expect(try await api.post("/v3/group_channels/\(url)/typing", #"{"user_ids": ["alice"]}"#).status == .ok)
            #expect(try await api.call(.delete, "/v3/group_channels/\(url)/typing", body: #"{"user_ids": ["alice"]}"#).json == [:])
            #expect(try await api.get("/v3/group_channels/\(url)")["typing_users"] == [])
            expectError(try await api.post("/v3/group_channels/\(url)/typing", #"{"user_ids": ["bob"]}"#), code: 400108)
            expectError(try await api.post("/v3/group_channels/\(url)/typing", #"{"user_ids": []}"#), code: 400105)
        }
    }
}
