import Testing

/// Each category's payload carries the fields Sendbird's webhook pages give it, with their
/// types: `category` and `app_id` always, a `channel` summary for channel events, users in
/// the short form, times in Unix milliseconds (seconds for reports, as Sendbird's are).
@Suite struct EventPayloadTests {
    @Test func everyCategoryHasItsFields() async throws {
        let clock = TestClock()
        try await withServer(clock: clock, maxMessagesPerSecond: 1) { api in
            try await api.createUsers("alice", "bob", "carol")
            expectOK(try await api.put("/v3/users/carol/channel_invitation_preference", #"{"auto_accept": false}"#))
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"], "inviter_id": "alice"}"#)
            expectOK(try await api.put("/v3/group_channels/room", #"{"name": "Renamed"}"#))
            expectOK(try await api.post("/v3/group_channels/room/invite", #"{"user_ids": ["carol"], "inviter_id": "alice"}"#))
            expectOK(try await api.put("/v3/group_channels/room/decline", #"{"user_id": "carol"}"#))
            expectOK(try await api.put("/v3/group_channels/room/freeze", #"{"freeze": true}"#))
            expectOK(try await api.put("/v3/group_channels/room/freeze", #"{"freeze": false}"#))
            let sent = try await api.say("alice", "hi", in: "room")
            let id = sent["message_id"].int!
            expectError(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "too fast"}"#), status: .tooManyRequests, code: 400910)
            expectOK(try await api.put("/v3/group_channels/room/messages/\(id)", #"{"message": "hi!"}"#))
            expectOK(try await api.post("/v3/group_channels/room/messages/\(id)/reactions", #"{"user_id": "bob", "reaction": "like"}"#))
            expectOK(try await api.delete("/v3/group_channels/room/messages/\(id)/reactions?user_id=bob&reaction=like"))
            expectOK(try await api.put("/v3/group_channels/room/messages/mark_as_read", #"{"user_id": "bob"}"#))
            expectOK(try await api.post("/v3/report/group_channels/room/messages/\(id)", #"{"report_category": "spam", "reporting_user_id": "bob"}"#))
            expectOK(try await api.post("/v3/report/users/alice", #"{"report_category": "harassing"}"#))
            expectOK(try await api.post("/v3/report/group_channels/room", #"{"report_category": "inappropriate"}"#))
            expectOK(try await api.delete("/v3/group_channels/room/messages/\(id)"))
            expectOK(try await api.post("/v3/group_channels/room/operators", #"{"operator_ids": ["bob"]}"#))
            expectOK(try await api.delete("/v3/group_channels/room/operators?operator_ids=bob"))
            expectOK(try await api.put("/v3/group_channels/room/leave", #"{"user_ids": ["bob"]}"#))
            expectOK(try await api.post("/v3/users/alice/block", #"{"target_id": "bob"}"#))
            expectOK(try await api.delete("/v3/users/alice/block/bob"))
            expectOK(try await api.delete("/v3/group_channels/room"))
            expectOK(try await api.post("/v3/open_channels", #"{"channel_url": "lobby", "operator_ids": ["alice"]}"#))
            clock.advance(milliseconds: 2000)
            try await api.send("lobby", #"{"message_type": "MESG", "user_id": "carol", "message": "hello lobby"}"#, channelType: "open_channels")
            expectOK(try await api.delete("/v3/open_channels/lobby"))

            let events = try await api.get("/roost/events?limit=1000")["events"].array
            var byCategory: [String: JSONValue] = [:]
            for event in events { byCategory[event["category"].string!] = event["payload"] }
            let expected: [String: [String]] = [
                "group_channel:create": ["created_at", "inviter", "channel", "sdk"],
                "group_channel:join": ["joined_at", "users", "channel", "sdk"],
                "group_channel:changed": ["changed_at", "changes", "channel", "sdk"],
                "group_channel:invite": ["invited_at", "inviter", "invitees", "channel", "sdk"],
                "group_channel:decline_invite": ["declined_at", "users", "channel", "sdk"],
                "group_channel:freeze_unfreeze": ["freeze", "changed_at", "channel", "sdk"],
                "group_channel:message_send": ["sender", "silent", "custom_type", "mention_type", "mentioned_users", "type", "payload", "channel", "sdk"],
                "group_channel:message_update": ["sender", "type", "payload", "updated_at", "channel", "sdk"],
                "group_channel:message_delete": ["sender", "type", "payload", "deleted_at", "channel", "sdk"],
                "group_channel:message_read": ["read_updates", "channel", "sdk"],
                "group_channel:reaction_add": ["user", "operation", "reaction", "message_id", "updated_at", "channel", "sdk"],
                "group_channel:reaction_delete": ["user", "operation", "reaction", "message_id", "updated_at", "channel", "sdk"],
                "group_channel:leave": ["left_at", "users", "channel", "sdk"],
                "group_channel:remove": ["removed_at", "channel", "sdk"],
                "operators:register_by_operator": ["requested_at", "channel_type", "channel", "operators", "sdk"],
                "operators:unregister_by_operator": ["requested_at", "channel_type", "channel", "operators", "sdk"],
                "user:block": ["blocker", "blockee"],
                "user:unblock": ["unblocker", "unblockee"],
                "message:report": ["created_at", "report_type", "report_category", "reporting_user", "offending_user", "reported_message", "channel"],
                "user:report": ["created_at", "report_type", "report_category", "offending_user"],
                "group_channel:report": ["created_at", "report_type", "report_category", "channel"],
                "alert:user_message_rate_limit_exceeded": ["user", "channel", "created_at"],
                "open_channel:create": ["created_at", "operators", "channel"],
                "open_channel:enter": ["user", "entered_at", "channel", "sdk"],
                "open_channel:message_send": ["sender", "type", "payload", "channel", "sdk"],
                "open_channel:remove": ["removed_at", "channel"],
            ]
            for (category, fields) in expected.sorted(by: { $0.key < $1.key }) {
                let payload = try #require(byCategory[category], "no \(category) event")
                #expect(payload["category"].string == category)
                #expect(payload["app_id"] == "roost", "\(category)")
                for field in fields {
                    #expect(payload[field] != .null, "\(category) lacks \(field)")
                }
            }

            let send = byCategory["group_channel:message_send"]!
            #expect(send["sender"] == ["user_id": "alice", "nickname": "alice", "profile_url": "", "metadata": [:]])
            #expect(send["payload"]["message_id"].int == id)
            #expect(send["payload"]["created_at"].int == 1_700_000_000_000)
            #expect(send["channel"]["channel_url"] == "room")
            #expect(byCategory["group_channel:message_update"]!["payload"]["message"] == "hi!")
            #expect(byCategory["group_channel:changed"]!["changes"] == [["key": "name", "old": "group channel", "new": "Renamed"]])
            #expect(byCategory["group_channel:invite"]!["invitees"].array.map { $0["user_id"] } == ["carol"])
            #expect(byCategory["group_channel:decline_invite"]!["users"].array.map { $0["user_id"] } == ["carol"])
            #expect(byCategory["group_channel:reaction_add"]!["operation"] == "ADD")
            #expect(byCategory["group_channel:message_read"]!["read_updates"][0]["user_id"] == "bob")
            #expect(byCategory["message:report"]!["created_at"].int == 1_700_000_000)
            // Sendbird's report webhook page gives users in the short form.
            #expect(byCategory["message:report"]!["reporting_user"] == ["user_id": "bob", "nickname": "bob", "profile_url": "", "metadata": [:]])
            #expect(byCategory["user:report"]!["offending_user"].object.keys.sorted() == ["metadata", "nickname", "profile_url", "user_id"])
            #expect(byCategory["operators:register_by_operator"]!["operators"].array.map { $0["user_id"] } == ["bob"])
            #expect(byCategory["user:block"]!["blocker"]["user_id"] == "alice")
            #expect(byCategory["alert:user_message_rate_limit_exceeded"]!["user"]["user_id"] == "alice")
            #expect(byCategory["open_channel:enter"]!["user"]["user_id"] == "carol")
        }
    }

    /// Sendbird's group channel webhook page: a member invited when the channel is created is
    /// in the `join` event; `invite` is not posted for them. Their stream still hears of the
    /// invitation, in a category of Roost's own.
    @Test func membersInvitedAtCreationJoin() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "dave")
            expectOK(try await api.put("/v3/users/dave/channel_invitation_preference", #"{"auto_accept": false}"#))
            let channel = try await api.createChannel(#"{"channel_url": "party", "user_ids": ["alice", "dave"], "inviter_id": "alice"}"#)
            #expect(channel["members"].array.first { $0["user_id"] == "dave" }?["state"] == "invited")
            let events = try await api.get("/roost/events?limit=100")["events"].array
            #expect(events.map { $0["category"].string! } == ["group_channel:create", "group_channel:join", "roost:invite_at_creation"])
            #expect(events[1]["payload"]["users"].array.map { $0["user_id"] } == ["alice", "dave"])
            #expect(events[2]["payload"]["invitees"].array.map { $0["user_id"] } == ["dave"])
            let daves = try await api.get("/roost/events?user_id=dave")["events"].array
            #expect(daves.map { $0["category"].string! }.contains("roost:invite_at_creation"))
        }
    }

    /// A member entry shows the member's own push settings: a channel's trigger option,
    /// do-not-disturb, and whether a device token could take a push.
    @Test func memberEntriesShowPushSettings() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"]}"#)
            #expect(try await api.put("/v3/applications/settings/webhook", #"{"enabled": true, "url": "http://127.0.0.1:9/", "include_members": true}"#).status == .ok)
            #expect(try await api.put("/v3/users/bob/push_preference/room", #"{"push_trigger_option": "mention_only"}"#).status == .ok)
            #expect(try await api.put("/v3/users/bob/push_preference", #"{"do_not_disturb": true}"#).status == .ok)
            #expect(try await api.post("/v3/users/bob/push/gcm", #"{"gcm_reg_token": "bob-phone"}"#).status == .ok)
            try await api.say("alice", "hi", in: "room")
            let events = try await api.get("/roost/events?category=group_channel:message_send")["events"].array
            let members = try #require(events.last?["payload"]["members"].array)
            let bob = try #require(members.first { $0["user_id"] == "bob" })
            #expect(bob["push_enabled"] == true && bob["push_trigger_option"] == "mention_only" && bob["do_not_disturb"] == true)
            let alice = try #require(members.first { $0["user_id"] == "alice" })
            #expect(alice["push_enabled"] == false && alice["push_trigger_option"] == "default" && alice["do_not_disturb"] == false)
        }
    }
}
