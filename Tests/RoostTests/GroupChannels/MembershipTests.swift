import Foundation
import Testing

@Suite struct MembershipTests {
    @Test func inviteAcceptDecline() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol", "dan")
            for userID in ["bob", "carol"] {
                #expect(try await api.put("/v3/users/\(userID)/channel_invitation_preference", #"{"auto_accept": false}"#).status == .ok)
            }
            let url = try await api.createChannel(#"{"user_ids": ["alice"]}"#)["channel_url"].string!
            // The official SDK sends `users` as plain ids; Sendbird's documents show objects.
            let invited = try await api.post(
                "/v3/group_channels/\(url)/invite", #"{"user_ids": ["bob"], "users": ["carol", {"user_id": "dan"}], "inviter_id": "alice"}"#
            )
            #expect(invited["member_count"] == 4)
            #expect(invited["joined_member_count"] == 2)
            #expect(try await api.memberIDs(of: url, query: "member_state_filter=invited_only") == ["bob", "carol"])

            let accepted = try await api.put("/v3/group_channels/\(url)/accept", #"{"user_id": "bob"}"#)
            #expect(accepted["joined_member_count"] == 3)
            #expect(accepted["member_state"] == "joined")
            #expect(try await api.put("/v3/group_channels/\(url)/decline", #"{"user_id": "carol"}"#).json == [:])
            let channel = try await api.get("/v3/group_channels/\(url)")
            #expect(channel["member_count"] == 3)
            #expect(channel["joined_member_count"] == 3)
            #expect(try await api.get("/v3/group_channels/\(url)/members/carol").json == ["is_member": false, "state": "none"])

            expectError(try await api.put("/v3/group_channels/\(url)/accept", #"{"user_id": "carol"}"#), code: 400108)
            expectError(try await api.put("/v3/group_channels/\(url)/accept", #"{"user_id": "bob"}"#), code: 400108)
            expectError(try await api.put("/v3/group_channels/\(url)/decline", #"{"user_id": "alice"}"#), code: 400108)
            expectError(try await api.put("/v3/group_channels/\(url)/accept", #"{"user_id": "ghost"}"#), code: 400201)
            expectError(try await api.put("/v3/group_channels/\(url)/accept", "{}"), code: 400105)
            expectError(try await api.post("/v3/group_channels/\(url)/invite", #"{"user_ids": ["ghost"]}"#), code: 400201)
            expectError(try await api.post("/v3/group_channels/nowhere/invite", #"{"user_ids": ["bob"]}"#), code: 400201)
        }
    }

    @Test func joinPublicChannelsOnly() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            let privateURL = try await api.createChannel(#"{"user_ids": ["alice"]}"#)["channel_url"].string!
            expectError(try await api.put("/v3/group_channels/\(privateURL)/join", #"{"user_id": "bob"}"#), code: 400108)

            let publicURL = try await api.createChannel(#"{"user_ids": ["alice"], "is_public": true, "access_code": "s3cret"}"#)["channel_url"].string!
            expectError(try await api.put("/v3/group_channels/\(publicURL)/join", #"{"user_id": "bob"}"#), code: 400108)
            expectError(try await api.put("/v3/group_channels/\(publicURL)/join", #"{"user_id": "bob", "access_code": "nope"}"#), code: 400108)
            let joined = try await api.put("/v3/group_channels/\(publicURL)/join", #"{"user_id": "bob", "access_code": "s3cret"}"#)
            #expect(joined["member_count"] == 2)
            #expect(joined["joined_member_count"] == 2)
            #expect(try await api.put("/v3/group_channels/\(publicURL)/join", #"{"user_id": "bob", "access_code": "s3cret"}"#)["member_count"] == 2)

            let open = try await api.createChannel(#"{"user_ids": ["alice"], "is_public": true}"#)["channel_url"].string!
            #expect(try await api.put("/v3/group_channels/\(open)/join", #"{"user_id": "carol"}"#)["joined_member_count"] == 2)

            // An invitation to a channel with an access code is accepted with the code.
            let coded = try await api.createChannel(#"{"user_ids": ["alice"], "is_public": true, "access_code": "k3y"}"#)["channel_url"].string!
            expectOK(try await api.put("/v3/users/carol/channel_invitation_preference", #"{"auto_accept": false}"#))
            expectOK(try await api.post("/v3/group_channels/\(coded)/invite", #"{"user_ids": ["carol"], "inviter_id": "alice"}"#))
            expectError(try await api.put("/v3/group_channels/\(coded)/accept", #"{"user_id": "carol"}"#), code: 400108)
            #expect(try await api.put("/v3/group_channels/\(coded)/accept", #"{"user_id": "carol", "access_code": "k3y"}"#).status == .ok)
        }
    }

    @Test func memberListsFilterByInvitationAndActivity() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            expectOK(try await api.put("/v3/users/carol/channel_invitation_preference", #"{"auto_accept": false}"#))
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"]}"#)
            expectOK(try await api.post("/v3/group_channels/room/invite", #"{"user_ids": ["carol"], "inviter_id": "alice"}"#))
            expectOK(try await api.put("/v3/users/bob", #"{"is_active": false, "leave_all_when_deactivated": false}"#))

            #expect(try await api.memberIDs(of: "room", query: "member_state_filter=invited_only") == ["carol"])
            #expect(try await api.memberIDs(of: "room", query: "member_state_filter=invited_by_non_friend") == ["carol"])
            #expect(try await api.memberIDs(of: "room", query: "member_state_filter=invited_by_friend") == [])
            #expect(try await api.memberIDs(of: "room", query: "member_active_mode_filter=activated") == ["alice", "carol"])
            #expect(try await api.memberIDs(of: "room", query: "member_active_mode_filter=deactivated") == ["bob"])
            #expect(try await api.memberIDs(of: "room", query: "member_active_mode_filter=all") == ["alice", "bob", "carol"])
            #expect(try await api.memberIDs(of: "room") == ["alice", "carol"], "activated members only, unless asked")
            expectError(try await api.get("/v3/group_channels/room/members?member_active_mode_filter=sometimes"), code: 400111)
        }
    }

    @Test func memberListsShowReceiptsAndPushPreferencesOnRequest() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"]}"#)
            try await api.say("alice", "hi", in: "room")
            clock.advance(milliseconds: 1000)
            #expect(try await api.put("/v3/group_channels/room/messages/mark_as_read", #"{"user_id": "bob"}"#).status == .ok)
            #expect(try await api.put("/v3/group_channels/room/messages/mark_as_delivered", #"{"user_id": "bob"}"#).status == .ok)
            #expect(try await api.put("/v3/users/bob/push_preference/room", #"{"push_trigger_option": "off"}"#).status == .ok)

            let plain = try await api.get("/v3/group_channels/room/members")["members"][1]
            #expect(plain["read_ts"] == .null && plain["delivered_ts"] == .null && plain["push_trigger_option"] == .null)
            let full = try await api.get("/v3/group_channels/room/members?show_read_receipt=true&show_delivery_receipt=true&include_push_preference=true")
            let bob = full["members"][1]
            #expect(bob["user_id"] == "bob")
            #expect(bob["read_ts"] == 1_700_000_001_000 && bob["delivered_ts"] == 1_700_000_001_000)
            #expect(bob["push_enabled"] == false && bob["push_trigger_option"] == "off" && bob["do_not_disturb"] == false)
        }
    }

    @Test func leave() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            let url = try await api.createChannel(#"{"user_ids": ["alice", "bob", "carol"], "operator_ids": ["bob"]}"#)["channel_url"].string!
            #expect(try await api.put("/v3/group_channels/\(url)/leave", #"{"user_ids": ["bob"], "should_remove_operator_status": true}"#).json == [:])
            let after = try await api.get("/v3/group_channels/\(url)")
            #expect(after["member_count"] == 2)
            #expect(after["operators"] == [])
            #expect(try await api.put("/v3/group_channels/\(url)/leave", #"{"should_leave_all": true}"#).status == .ok)
            let empty = try await api.get("/v3/group_channels/\(url)")
            #expect(empty["member_count"] == 0)
            #expect(empty["joined_member_count"] == 0)
            expectError(try await api.put("/v3/group_channels/\(url)/leave", "{}"), code: 400105)
        }
    }

    @Test func leaveMyChannelsByCustomType() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            let work = try await api.createChannel(#"{"user_ids": ["alice", "bob"], "custom_type": "work"}"#)["channel_url"].string!
            let home = try await api.createChannel(#"{"user_ids": ["alice", "bob"], "custom_type": "home"}"#)["channel_url"].string!
            #expect(try await api.put("/v3/users/alice/my_group_channels/leave", #"{"custom_type": "work"}"#).json == [:])
            #expect(try await api.memberIDs(of: work) == ["bob"])
            #expect(try await api.memberIDs(of: home) == ["alice", "bob"])
            #expect(try await api.put("/v3/users/alice/my_group_channels/leave", #"{"custom_type": ""}"#).status == .ok)
            #expect(try await api.memberIDs(of: home) == ["bob"])
            expectError(try await api.put("/v3/users/ghost/my_group_channels/leave", "{}"), code: 400201)
            // A deactivated user cannot (deactivation itself leaves with leave_all_when_deactivated).
            expectOK(try await api.put("/v3/users/bob", #"{"is_active": false, "leave_all_when_deactivated": false}"#))
            expectError(try await api.put("/v3/users/bob/my_group_channels/leave", "{}"), code: 400300)
            #expect(try await api.memberIDs(of: home, query: "member_active_mode_filter=all") == ["bob"])
        }
    }

    @Test func countsStayRightWhenUsersAreDeactivatedOrDeleted() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            let url = try await api.createChannel(#"{"user_ids": ["alice", "bob", "carol"]}"#)["channel_url"].string!
            #expect(try await api.put("/v3/users/bob", #"{"is_active": false}"#).status == .ok)
            #expect(try await api.memberIDs(of: url) == ["alice", "carol"])
            #expect(try await api.put("/v3/users/carol", #"{"is_active": false, "leave_all_when_deactivated": false}"#).status == .ok)
            #expect(try await api.memberIDs(of: url, query: "member_active_mode_filter=all") == ["alice", "carol"])
            #expect(try await api.delete("/v3/users/carol").status == .ok)
            let channel = try await api.get("/v3/group_channels/\(url)")
            #expect(channel["member_count"] == 1)
            #expect(channel["joined_member_count"] == 1)
        }
    }

    @Test func membersListFiltersOrdersAndPages() async throws {
        try await withServer { api in
            for (id, nickname) in [("u1", "Zed"), ("u2", "Amy"), ("u3", "Bob"), ("u4", "Abe")] {
                try await api.createUser(id, nickname: nickname)
            }
            let url = try await api.createChannel(
                #"{"user_ids": ["u1", "u2", "u3", "u4"], "operator_ids": ["u1"], "invitation_status": {"u3": "invited_by_non_friend"}}"#
            )["channel_url"].string!
            #expect(try await api.memberIDs(of: url) == ["u4", "u2", "u3", "u1"])
            #expect(try await api.memberIDs(of: url, query: "order=operator_then_member_alphabetical") == ["u1", "u4", "u2", "u3"])
            #expect(try await api.memberIDs(of: url, query: "nickname_startswith=A") == ["u4", "u2"])
            #expect(try await api.memberIDs(of: url, query: "member_state_filter=joined_only") == ["u4", "u2", "u1"])
            #expect(try await api.memberIDs(of: url, query: "muted_member_filter=unmuted").count == 4)

            var seen: [String] = []
            var next = ""
            repeat {
                let page = try await api.get("/v3/group_channels/\(url)/members?limit=3&order=operator_then_member_alphabetical&token=\(next)")
                seen += page["members"].array.compactMap { $0["user_id"].string }
                next = page["next"].string ?? ""
            } while !next.isEmpty
            #expect(seen == ["u1", "u4", "u2", "u3"])

            let member = try await api.get("/v3/group_channels/\(url)/members?limit=1")["members"][0]
            #expect(member["nickname"] == "Abe")
            #expect(member["state"] == "joined")
            #expect(member["role"] == "")
            #expect(member["is_muted"] == .null, "shown only with show_member_is_muted (Sendbird's page: default false)")
            #expect(try await api.get("/v3/group_channels/\(url)/members?limit=1&show_member_is_muted=true")["members"][0]["is_muted"] == false)
            expectError(try await api.get("/v3/group_channels/\(url)/members?order=random"), code: 400111)
            expectError(try await api.get("/v3/group_channels/\(url)/members?limit=101"), code: 400113)
        }
    }

    @Test func hideAndUnhide() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            let first = try await api.createChannel(#"{"user_ids": ["alice", "bob"]}"#)["channel_url"].string!
            let second = try await api.createChannel(#"{"user_ids": ["alice", "bob"]}"#)["channel_url"].string!
            clock.advance(milliseconds: 5000)
            #expect(try await api.put("/v3/group_channels/\(first)/hide", #"{"user_id": "alice", "hide_previous_messages": true}"#).json == [:])

            func urls(_ query: String) async throws -> [String] {
                try await api.get("/v3/users/alice/my_group_channels?show_empty=true&\(query)")["channels"].array.compactMap { $0["channel_url"].string }
            }
            #expect(try await urls("") == [second])
            #expect(try await urls("hidden_mode=hidden_only") == [first])
            #expect(try await urls("hidden_mode=hidden_allow_auto_unhide") == [first])
            #expect(try await urls("hidden_mode=hidden_prevent_auto_unhide") == [])
            #expect(try await urls("hidden_mode=all") == [second, first])
            let hidden = try await api.get("/v3/users/alice/my_group_channels?show_empty=true&hidden_mode=hidden_only")["channels"][0]
            #expect(hidden["is_hidden"] == true)
            #expect(hidden["hidden_state"] == "hidden_allow_auto_unhide")
            #expect(hidden["message_offset_timestamp"].int == 1_700_000_005_000)
            #expect(try await api.get("/v3/users/bob/my_group_channels?show_empty=true")["channels"].array.count == 2)

            // should_hide_all hides the channel from every member, and needs no user_id.
            #expect(try await api.put("/v3/group_channels/\(second)/hide", #"{"should_hide_all": true, "allow_auto_unhide": false}"#).status == .ok)
            #expect(try await urls("") == [])
            #expect(try await urls("hidden_mode=hidden_prevent_auto_unhide") == [second])
            let bobsChannels = try await api.get("/v3/users/bob/my_group_channels?show_empty=true")["channels"].array
            #expect(bobsChannels.compactMap { $0["channel_url"].string } == [first])

            #expect(try await api.delete("/v3/group_channels/\(first)/hide?user_id=alice").json == [:])
            #expect(try await urls("") == [first])
            // A member who sends to a channel they hid sees it again, whatever they allowed.
            try await api.say("alice", "back", in: second)
            #expect(try await urls("") == [second, first])
            #expect(try await api.get("/v3/users/bob/my_group_channels?show_empty=true")["channels"].array.count == 1)
            #expect(try await api.delete("/v3/group_channels/\(second)/hide?should_unhide_all=true").status == .ok)
            #expect(try await urls("") == [second, first])
            #expect(try await api.get("/v3/users/bob/my_group_channels?show_empty=true")["channels"].array.count == 2)

            expectError(try await api.put("/v3/group_channels/\(first)/hide", "{}"), code: 400105)
            try await api.createUser("carol")
            expectError(try await api.put("/v3/group_channels/\(first)/hide", #"{"user_id": "carol"}"#), code: 400108)
            expectError(try await api.get("/v3/users/alice/my_group_channels?hidden_mode=sometimes"), code: 400111)
        }
    }

    @Test func resetUserHistory() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            let url = try await api.createChannel(#"{"user_ids": ["alice", "bob"]}"#)["channel_url"].string!
            clock.advance(milliseconds: 1000)
            let reset = try await api.put("/v3/group_channels/\(url)/reset_user_history", #"{"user_id": "alice"}"#)
            #expect(reset["ts_message_offset"].int == 1_700_000_001_000)
            func offset(_ userID: String) async throws -> Int? {
                try await api.get("/v3/users/\(userID)/my_group_channels?show_empty=true")["channels"][0]["message_offset_timestamp"].int
            }
            #expect(try await offset("alice") == 1_700_000_001_000)
            #expect(try await offset("bob") == 0)
            clock.advance(milliseconds: 1000)
            #expect(try await api.put("/v3/group_channels/\(url)/reset_user_history", #"{"reset_all": true}"#).status == .ok)
            #expect(try await offset("bob") == 1_700_000_002_000)
            expectError(try await api.put("/v3/group_channels/\(url)/reset_user_history", "{}"), code: 400105)
        }
    }

    @Test func joinedChannelLimit() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            // Fill alice up to the limit directly through the API, then one more is refused.
            for _ in 0..<2000 {
                expectOK(try await api.post("/v3/group_channels", #"{"user_ids": ["alice"]}"#))
            }
            expectError(try await api.post("/v3/group_channels", #"{"user_ids": ["alice"]}"#), code: 400203)
            #expect(try await api.get("/v3/users/alice/group_channel_count")["group_channel_count"] == 2000)
        }
    }
}
