import Foundation
import Testing

@Suite struct MessageTests {
    @Test func sendUserFileAndAdminMessages() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"], "operator_ids": ["alice"]}"#)
            let user = try await api.send(
                "chat",
                #"{"message_type": "MESG", "user_id": "alice", "message": "hi @bob", "custom_type": "greeting", "data": "{}", "mentioned_user_ids": ["bob"], "sorted_metaarray": [{"key": "k", "value": ["v"]}]}"#
            )
            #expect(user["type"] == "MESG")
            #expect(user["message"] == "hi @bob")
            #expect(user["custom_type"] == "greeting")
            #expect(user["created_at"].int == 1_700_000_000_000)
            #expect(user["channel_url"] == "chat")
            #expect(user["channel_type"] == "group")
            #expect(user["user"]["user_id"] == "alice")
            #expect(user["user"]["role"] == "operator")
            #expect(user["is_op_msg"] == true)
            #expect(user["mentioned_users"].array.map { $0["user_id"] } == ["bob"])
            #expect(user["is_removed"] == false)
            #expect(user["parent_message_id"] == 0)
            #expect(user["file"] == [:], "empty for a text message (Sendbird's message page)")
            let firstID = try #require(user["message_id"].int)
            // The answer is built from what the send stored, not read back: it must be the same.
            #expect(try await api.get("/v3/group_channels/chat/messages/\(firstID)").body == user.body)

            let file = try await api.send(
                "chat",
                #"{"message_type": "FILE", "user_id": "bob", "url": "https://x/cat.png", "file_name": "cat.png", "file_size": 42, "file_type": "image/png", "thumbnails": ["https://x/t.png"]}"#
            )
            #expect(file["type"] == "FILE")
            #expect(file["file"] == ["url": "https://x/cat.png", "name": "cat.png", "type": "image/png", "size": 42, "data": ""])
            #expect(file["thumbnails"] == ["https://x/t.png"])
            let numbered = try await api.send(
                "chat", #"{"message_type": "FILE", "user_id": "bob", "url": "https://x/dog.png", "thumbnail1": "https://x/1.png", "thumbnail2": "https://x/2.png"}"#
            )
            #expect(numbered["thumbnails"] == ["https://x/1.png", "https://x/2.png"], "thumbnails one by one, as Sendbird's description takes them")
            #expect(numbered["require_auth"] == false)
            let guarded = try await api.send("chat", #"{"message_type": "FILE", "user_id": "bob", "url": "https://x/key.png", "require_auth": true}"#)
            #expect(guarded["require_auth"] == true)
            #expect(try await api.get("/v3/group_channels/chat/messages/\(guarded["message_id"].int ?? 0)")["require_auth"] == true)
            #expect(try await api.send("chat", #"{"message_type": "MESG", "user_id": "bob", "message": "hi", "require_auth": true}"#)["require_auth"] == false, "a text message has no file to guard")
            #expect((file["message_id"].int ?? 0) > firstID)

            let admin = try await api.send("chat", #"{"message_type": "ADMM", "message": "Maintenance at noon", "is_silent": true}"#)
            #expect(admin["type"] == "ADMM")
            #expect(admin["user"] == nil)
            #expect(admin["silent"] == true)

            let viewed = try await api.get("/v3/group_channels/chat/messages/\(firstID)?with_sorted_meta_array=true")
            #expect(viewed["sorted_metaarray"] == [["key": "k", "value": ["v"]]])
            #expect(try await api.get("/v3/group_channels/chat/messages/total_count")["total"] == 6)
        }
    }

    @Test func sendingRules() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol", "dave")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob", "dave"], "operator_ids": ["alice"]}"#)
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "MESG", "user_id": "carol", "message": "x"}"#), code: 900020)
            #expect(try await api.put("/v3/users/dave", #"{"is_active": false, "leave_all_when_deactivated": false}"#).status == .ok)
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "MESG", "user_id": "dave", "message": "x"}"#), code: 900021)
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "MESG", "user_id": "ghost", "message": "x"}"#), code: 400201)
            expectError(try await api.post("/v3/group_channels/nowhere/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "x"}"#), code: 400201)
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "MESG", "user_id": "alice"}"#), code: 400105)
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "MESG", "message": "x"}"#), code: 400105)
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "TEXT", "user_id": "alice", "message": "x"}"#), code: 400111)
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "FILE", "user_id": "alice"}"#), code: 400105)
            let long = String(repeating: "a", count: 1001)
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "ADMM", "message": "\#(long)"}"#), code: 400110)
            let tooLong = String(repeating: "a", count: 5001)
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "\#(tooLong)"}"#), code: 400110)

            #expect(try await api.put("/v3/group_channels/chat/freeze", #"{"freeze": true}"#).status == .ok)
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "x"}"#), code: 900050)
            try await api.say("alice", "operators may speak", in: "chat")
            try await api.send("chat", #"{"message_type": "ADMM", "message": "admins too"}"#)
        }
    }

    @Test func historyPagesBothWaysWithTies() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice"]}"#)
            for index in 0..<10 {
                try await api.say("alice", "m\(index)", in: "chat")
                if index % 2 == 1 { clock.advance(milliseconds: 10) }
            }
            // Pairs share a timestamp: m0,m1 at +0; m2,m3 at +10; ...; m8,m9 at +40.
            let base = "/v3/group_channels/chat/messages"
            // The messages at message_ts (m4, m5) count toward neither limit.
            #expect(try await api.texts("\(base)?message_ts=1700000000020&prev_limit=3&next_limit=2")
                == ["m1", "m2", "m3", "m4", "m5", "m6", "m7"])
            #expect(try await api.texts("\(base)?message_ts=1700000000020&prev_limit=3&next_limit=2&include=false")
                == ["m1", "m2", "m3", "m6", "m7"])
            #expect(try await api.texts("\(base)?message_ts=1700000000020&prev_limit=2&next_limit=0&reverse=true") == ["m5", "m4", "m3", "m2"])
            #expect(try await api.texts("\(base)?message_ts=1700000000020&prev_limit=0&next_limit=0") == ["m4", "m5"])
            #expect(try await api.texts("\(base)?message_ts=0&next_limit=200&prev_limit=0").count == 10)
            #expect(try await api.texts("\(base)?message_ts=9999999999999").count == 10)

            let all = try await api.get("\(base)?message_ts=0&next_limit=10&prev_limit=0")["messages"].array
            let m4 = all[4]["message_id"].int!
            #expect(try await api.texts("\(base)?message_id=\(m4)&prev_limit=1&next_limit=1") == ["m3", "m4", "m5"])
            #expect(try await api.texts("\(base)?message_id=\(m4)&prev_limit=1&next_limit=1&include=false") == ["m3", "m5"])

            expectError(try await api.get(base), code: 400105)
            expectError(try await api.get("\(base)?message_ts=0&prev_limit=201"), code: 400113)
            expectError(try await api.get("\(base)?message_ts=soon"), code: 400101)
            expectError(try await api.get("\(base)?message_id=999999"), code: 400201)
        }
    }

    @Test func historyFilters() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"], "operator_ids": ["alice"]}"#)
            try await api.send("chat", #"{"message_type": "MESG", "user_id": "alice", "message": "a1", "custom_type": "x"}"#)
            try await api.send("chat", #"{"message_type": "MESG", "user_id": "bob", "message": "b1", "custom_type": "y"}"#)
            try await api.send("chat", #"{"message_type": "ADMM", "message": "admin"}"#)
            try await api.send("chat", #"{"message_type": "FILE", "user_id": "bob", "url": "u", "message": "file"}"#)
            let base = "/v3/group_channels/chat/messages?message_ts=0&prev_limit=0&next_limit=50"
            #expect(try await api.texts("\(base)&sender_id=bob") == ["b1", "file"])
            #expect(try await api.texts("\(base)&sender_ids=alice,bob") == ["a1", "b1", "file"])
            #expect(try await api.texts("\(base)&operator_filter=operator") == ["a1"])
            #expect(try await api.texts("\(base)&operator_filter=nonoperator") == ["b1", "admin", "file"])
            #expect(try await api.texts("\(base)&message_type=ADMM") == ["admin"])
            #expect(try await api.texts("\(base)&custom_types=x,y") == ["a1", "b1"])
            #expect(try await api.texts("\(base)&custom_types=*").count == 4)
            #expect(try await api.texts("\(base)&custom_types=") == ["admin", "file"])
            expectError(try await api.get("\(base)&message_type=TEXT"), code: 400111)
        }
    }

    @Test func repliesAndThreads() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            let parent = try await api.say("alice", "question", in: "chat")["message_id"].int!
            var replies: [API.Reply] = []
            for (user, text) in [("bob", "r1"), ("bob", "r2"), ("alice", "r3")] {
                let reply = try await api.send("chat", #"{"message_type": "MESG", "user_id": "\#(user)", "message": "\#(text)", "parent_message_id": \#(parent)}"#)
                #expect(reply["parent_message_id"].int == parent)
                replies.append(reply)
            }
            let base = "/v3/group_channels/chat/messages?message_ts=0&prev_limit=0&next_limit=50"
            #expect(try await api.texts(base) == ["question"])
            #expect(try await api.texts("\(base)&include_reply_type=ALL") == ["question", "r1", "r2", "r3"])
            #expect(try await api.texts("\(base)&with_replies=true").count == 4)
            let thread = try await api.get("/v3/group_channels/chat/messages/\(parent)?include_thread_info=true")["thread_info"]
            #expect(thread["reply_count"] == 3)
            #expect(thread["most_replies"].array.map { $0["user_id"] } == ["bob", "alice"])
            // A removed reply leaves the thread: one fewer, last replied to at the newest left.
            let gone = try await api.send("chat", #"{"message_type": "MESG", "user_id": "alice", "message": "r4", "parent_message_id": \#(parent)}"#)
            #expect(try await api.delete("/v3/group_channels/chat/messages/\(gone["message_id"].int!)").status == .ok)
            let after = try await api.get("/v3/group_channels/chat/messages/\(parent)?include_thread_info=true")["thread_info"]
            #expect(after["reply_count"] == 3 && after["last_replied_at"] == replies[2]["created_at"])
            // It was the channel's last message: the newest left takes its place.
            #expect(try await api.get("/v3/group_channels/chat")["last_message"]["message"] == "r3")
            #expect(try await api.get("/v3/users/bob/my_group_channels")["channels"][0]["last_message"]["message"] == "r3")
            let withParent = try await api.get("\(base)&include_reply_type=ALL&include_parent_message_info=true")["messages"][1]
            #expect(withParent["parent_message_info"]["message"] == "question")
            #expect(withParent["parent_message_info"]["user"]["user_id"] == "alice")
            expectError(try await api.post("/v3/group_channels/chat/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "x", "parent_message_id": 999}"#), code: 400201)
            // 0, as every message that is no reply shows it, means no parent.
            #expect(try await api.send("chat", #"{"message_type": "MESG", "user_id": "bob", "message": "top", "parent_message_id": 0}"#)["parent_message_id"] == 0)

            // A thread's own page: the parent and its replies, around a time like any page.
            let other = try await api.say("bob", "another topic", in: "chat")["message_id"].int!
            _ = try await api.send("chat", #"{"message_type": "MESG", "user_id": "alice", "message": "elsewhere", "parent_message_id": \#(other)}"#)
            #expect(try await api.texts("\(base)&parent_message_id=\(parent)") == ["question", "r1", "r2", "r3"])
            #expect(try await api.texts("\(base)&parent_message_id=\(other)&include_reply_type=NONE") == ["another topic", "elsewhere"])
            #expect(try await api.texts("\(base)&include_replies=true").count == 7)

            // Threads hold text and file messages only.
            let admin = try await api.send("chat", #"{"message_type": "ADMM", "message": "notice"}"#)["message_id"].int!
            let send = "/v3/group_channels/chat/messages"
            expectError(try await api.post(send, #"{"message_type": "MESG", "user_id": "bob", "message": "x", "parent_message_id": \#(admin)}"#), code: 400111)
            expectError(try await api.post(send, #"{"message_type": "ADMM", "message": "x", "parent_message_id": \#(parent)}"#), code: 400111)
        }
    }

    @Test func updateAndDelete() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            let id = try await api.say("alice", "typo", in: "chat")["message_id"].int!
            clock.advance(milliseconds: 5)
            let updated = try await api.put(
                "/v3/group_channels/chat/messages/\(id)",
                #"{"message_type": "MESG", "message": "fixed", "custom_type": "c", "data": "d", "mentioned_user_ids": ["bob"]}"#
            )
            #expect(updated["message"] == "fixed")
            #expect(updated["custom_type"] == "c")
            #expect(updated["updated_at"].int == 1_700_000_000_005)
            #expect(updated["mentioned_users"].array.map { $0["user_id"] } == ["bob"])
            #expect(updated["created_at"].int == 1_700_000_000_000)

            #expect(try await api.delete("/v3/group_channels/chat/messages/\(id)").json == [:])
            expectError(try await api.get("/v3/group_channels/chat/messages/\(id)"), code: 400201)
            let base = "/v3/group_channels/chat/messages?message_ts=0&prev_limit=0&next_limit=50"
            #expect(try await api.texts(base) == [])
            let removed = try await api.get("\(base)&including_removed=true")["messages"]
            #expect(removed[0]["is_removed"] == true)
            expectError(try await api.put("/v3/group_channels/chat/messages/\(id)", #"{"message": "again"}"#), code: 400201)
            expectError(try await api.get("/v3/group_channels/chat/messages/abc"), code: 400101)
        }
    }

    /// A file message's update may point it at another file (Sendbird's "Update a message" page);
    /// a text message has no file to point, and keeps none.
    @Test func aFileMessagesUpdateMayMoveItsFile() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice"]}"#)
            let sent = try await api.post(
                "/v3/group_channels/chat/messages",
                #"{"message_type": "FILE", "user_id": "alice", "url": "https://example.com/a.png", "file_name": "a.png"}"#
            )
            let id = try #require(sent["message_id"].int)
            expectError(try await api.put("/v3/group_channels/chat/messages/\(id)", #"{"message_type": "FILE", "url": ""}"#), code: 400111)
            let moved = try await api.put("/v3/group_channels/chat/messages/\(id)", #"{"message_type": "FILE", "url": "https://example.com/b.png"}"#)
            #expect(moved["file"]["url"] == "https://example.com/b.png" && moved["file"]["name"] == "a.png", "\(moved)")
            #expect(try await api.get("/v3/group_channels/chat/messages/\(id)")["file"]["url"] == "https://example.com/b.png")

            let text = try await api.say("alice", "hello", in: "chat")["message_id"].int!
            let updated = try await api.put("/v3/group_channels/chat/messages/\(text)", #"{"message_type": "MESG", "url": "https://example.com/c.png"}"#)
            #expect(updated.status == .ok && updated["file"] == [:], "\(updated)")
        }
    }

    @Test func lastMessageAndUnreadCounts() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob", "carol"]}"#)
            try await api.say("alice", "one", in: "chat")
            try await api.send("chat", #"{"message_type": "MESG", "user_id": "alice", "message": "two @bob", "mentioned_user_ids": ["bob"]}"#)
            try await api.say("bob", "three", in: "chat")
            try await api.send("chat", #"{"message_type": "MESG", "user_id": "carol", "message": "quiet", "is_silent": true}"#)

            func mine(_ userID: String) async throws -> JSONValue {
                try await api.get("/v3/users/\(userID)/my_group_channels")["channels"][0]
            }
            let alice = try await mine("alice")
            #expect(alice["last_message"]["message"] == "three")
            #expect(alice["unread_message_count"] == 1)
            #expect(alice["unread_mention_count"] == 0)
            let bob = try await mine("bob")
            #expect(bob["unread_message_count"] == 0)
            #expect(bob["unread_mention_count"] == 0)
            // A silent message changes nobody's read state, its sender's included.
            let carol = try await mine("carol")
            #expect(carol["unread_message_count"] == 3)
            #expect(try await api.get("/v3/users/bob/my_group_channels?unread_filter=unread_message")["channels"] == [])
            #expect(try await api.get("/v3/users/alice/my_group_channels?unread_filter=unread_message")["channels"].array.count == 1)
        }
    }

    @Test func sendingUnhidesChannelsThatAllowIt() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob", "carol"]}"#)
            try await api.say("alice", "hello", in: "chat")
            #expect(try await api.put("/v3/group_channels/chat/hide", #"{"user_id": "bob", "allow_auto_unhide": true}"#).status == .ok)
            #expect(try await api.put("/v3/group_channels/chat/hide", #"{"user_id": "carol", "allow_auto_unhide": false}"#).status == .ok)
            #expect(try await api.get("/v3/users/bob/my_group_channels")["channels"] == [])
            try await api.say("alice", "again", in: "chat")
            #expect(try await api.get("/v3/users/bob/my_group_channels")["channels"].array.count == 1)
            #expect(try await api.get("/v3/users/carol/my_group_channels")["channels"] == [])
            // A sender sees a channel they hid again, however they hid it, whether their send
            // marks it read (one statement with the read) or not.
            try await api.say("carol", "back", in: "chat")
            #expect(try await api.get("/v3/users/carol/my_group_channels")["channels"].array.count == 1)
            #expect(try await api.put("/v3/group_channels/chat/hide", #"{"user_id": "bob", "allow_auto_unhide": false}"#).status == .ok)
            let unread = #"{"message_type": "MESG", "user_id": "bob", "message": "quiet", "mark_as_read": false}"#
            #expect(try await api.post("/v3/group_channels/chat/messages", unread).status == .ok)
            #expect(try await api.get("/v3/users/bob/my_group_channels")["channels"].array.count == 1)
        }
    }

    @Test func resetHistoryHidesOlderMessagesForThatMemberOnly() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            try await api.say("alice", "old", in: "chat")
            clock.advance(milliseconds: 10)
            #expect(try await api.put("/v3/group_channels/chat/reset_user_history", #"{"user_id": "bob"}"#).status == .ok)
            clock.advance(milliseconds: 10)
            try await api.say("alice", "new", in: "chat")
            let base = "/v3/group_channels/chat/messages?message_ts=0&prev_limit=0&next_limit=50"
            #expect(try await api.texts("\(base)&user_id=bob") == ["new"])
            #expect(try await api.texts("\(base)&user_id=alice") == ["old", "new"])
            #expect(try await api.texts(base) == ["old", "new"])
        }
    }

    @Test func ephemeralChannelsKeepNothing() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "fleeting", "user_ids": ["alice"], "is_ephemeral": true}"#)
            let first = try await api.say("alice", "gone", in: "fleeting")
            let second = try await api.say("alice", "also gone", in: "fleeting")
            #expect((second["message_id"].int ?? 0) > (first["message_id"].int ?? 0))
            #expect(try await api.texts("/v3/group_channels/fleeting/messages?message_ts=0&next_limit=10") == [])
            #expect(try await api.get("/v3/group_channels/fleeting")["last_message"] == nil)
        }
    }

    @Test func dedupIDAnswersTheStoredMessage() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice"]}"#)
            let body = #"{"message_type": "MESG", "user_id": "alice", "message": "once", "dedup_id": "import-1"}"#
            let first = try await api.send("chat", body)
            let again = try await api.send("chat", body)
            #expect(again["message_id"] == first["message_id"])
            #expect(try await api.get("/v3/group_channels/chat/messages/total_count")["total"] == 1)
        }
    }

    @Test func openChannelMessagesRecordParticipants() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            #expect(try await api.post("/v3/open_channels", #"{"channel_url": "lobby"}"#).status == .ok)
            try await api.send("lobby", #"{"message_type": "MESG", "user_id": "alice", "message": "hi"}"#, channelType: "open_channels")
            try await api.send("lobby", #"{"message_type": "MESG", "user_id": "alice", "message": "again"}"#, channelType: "open_channels")
            #expect(try await api.get("/v3/open_channels/lobby")["participant_count"] == 1)
            #expect(try await api.get("/v3/open_channels/lobby/participants")["participants"].array.map { $0["user_id"] } == ["alice"])
            #expect(try await api.texts("/v3/open_channels/lobby/messages?message_ts=0&next_limit=10") == ["hi", "again"])
            // An open channel is one room: there is no subchannel to narrow the history to.
            for only in ["true", "false"] {
                let path = "/v3/open_channels/lobby/messages?message_ts=0&next_limit=10&show_subchannel_messages_only=\(only)"
                #expect(try await api.texts(path) == ["hi", "again"])
            }
            expectError(try await api.get("/v3/open_channels/lobby/messages?message_ts=0&show_subchannel_messages_only=yes"), code: 400104)
        }
    }
}
