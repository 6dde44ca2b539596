import Foundation
import Testing

@Suite struct ReadStateTests {
    @Test func tenMessagesFromThreeUsersThenMarkAsRead() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob", "carol"]}"#)
            let senders = ["alice", "bob", "carol", "alice", "alice", "bob", "carol", "carol", "alice", "bob"]
            var times: [Int64] = []
            for (index, sender) in senders.enumerated() {
                clock.advance(milliseconds: 100)
                try await api.say(sender, "m\(index)", in: "chat")
                times.append(clock.now)
            }
            func unread() async throws -> JSONValue {
                try await api.get("/v3/group_channels/chat/messages/unread_count")["unread"]
            }
            // Each member has read up to their own last message; what came after is unread.
            #expect(try await unread() == ["alice": 1, "bob": 0, "carol": 2])
            #expect(try await api.get("/v3/group_channels/chat/messages/unread_count?user_ids=carol")["unread"] == ["carol": 2])

            let receipts = try await api.get("/v3/group_channels/chat?show_read_receipt=true")["read_receipt"]
            #expect(receipts["alice"].int.map(Int64.init) == times[8])
            #expect(receipts["bob"].int.map(Int64.init) == times[9])
            #expect(receipts["carol"].int.map(Int64.init) == times[7])

            #expect(try await api.put("/v3/group_channels/chat/messages/mark_as_read", #"{"user_id": "carol", "timestamp": \#(times[8])}"#).json == [:])
            #expect(try await unread() == ["alice": 1, "bob": 0, "carol": 1])
            #expect(try await api.put("/v3/group_channels/chat/messages/mark_as_read", #"{"user_id": "carol"}"#).status == .ok)
            #expect(try await unread() == ["alice": 1, "bob": 0, "carol": 0])
            #expect(try await api.put("/v3/group_channels/chat/messages/mark_as_read", #"{"user_id": "alice"}"#).status == .ok)
            #expect(try await unread() == ["alice": 0, "bob": 0, "carol": 0])

            let channel = try await api.get("/v3/users/carol/my_group_channels?show_read_receipt=true")["channels"][0]
            #expect(channel["last_message"]["message"] == "m9")
            #expect(channel["unread_message_count"] == 0)
            #expect(channel["my_last_read"].int.map(Int64.init) == clock.now)
            #expect(channel["read_receipt"]["bob"].int.map(Int64.init) == times[9])

            // Nothing later than now can have been read: a time ahead counts as now.
            #expect(try await api.put("/v3/group_channels/chat/messages/mark_as_read", #"{"user_id": "bob", "timestamp": 4102444800000}"#).status == .ok)
            #expect(try await api.get("/v3/group_channels/chat?show_read_receipt=true")["read_receipt"]["bob"].int.map(Int64.init) == clock.now)
            expectError(try await api.put("/v3/group_channels/chat/messages/mark_as_read", #"{"user_id": "bob", "timestamp": -5}"#), code: 400106)
            expectError(try await api.put("/v3/group_channels/chat/messages/mark_as_read", "{}"), code: 400105)
            try await api.createUser("dave")
            expectError(try await api.put("/v3/group_channels/chat/messages/mark_as_read", #"{"user_id": "dave"}"#), code: 400108)
        }
    }

    @Test func deliveryReceipts() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            // A member never marked delivered is left out.
            #expect(try await api.get("/v3/group_channels/chat?show_delivery_receipt=true")["delivery_receipt"] == [:])
            try await api.say("alice", "hi", in: "chat")
            clock.advance(milliseconds: 50)
            let delivered = try await api.put("/v3/group_channels/chat/messages/mark_as_delivered", #"{"user_id": "bob"}"#)
            #expect(delivered["ts"].int == 1_700_000_000_050)
            let receipt = try await api.get("/v3/group_channels/chat?show_delivery_receipt=true")["delivery_receipt"]
            #expect(receipt["bob"] == 1_700_000_000_050)
            #expect(receipt["alice"] == 1_700_000_000_000)
        }
    }

    @Test func userTotalsAndMarkAllAsRead() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            expectOK(try await api.put("/v3/users/carol/channel_invitation_preference", #"{"auto_accept": false}"#))
            try await api.createChannel(#"{"channel_url": "work", "user_ids": ["alice", "bob"], "custom_type": "work"}"#)
            try await api.createChannel(#"{"channel_url": "home", "user_ids": ["alice", "bob"], "custom_type": "home", "is_super": true}"#)
            try await api.createChannel(#"{"channel_url": "pending", "user_ids": ["alice"]}"#)
            #expect(try await api.post("/v3/group_channels/pending/invite", #"{"user_ids": ["carol"]}"#).status == .ok)
            try await api.say("alice", "one", in: "work")
            try await api.send("work", #"{"message_type": "MESG", "user_id": "alice", "message": "two", "mention_type": "channel"}"#)
            try await api.say("alice", "three", in: "home")

            #expect(try await api.get("/v3/users/bob/unread_message_count")["unread_count"] == 3)
            #expect(try await api.get("/v3/users/bob/unread_message_count?custom_types=work")["unread_count"] == 2)
            // The spellings of Sendbird's pages: `custom_types[]`, `a, b`; an empty list filters nothing.
            #expect(try await api.get("/v3/users/bob/unread_channel_count?custom_types[]=home")["unread_count"] == 1)
            #expect(try await api.get("/v3/users/bob/unread_message_count?custom_types=home,%20work")["unread_count"] == 3)
            #expect(try await api.get("/v3/users/bob/unread_message_count?custom_types=")["unread_count"] == 3)
            #expect(try await api.get("/v3/users/bob/unread_message_count?super_mode=super")["unread_count"] == 1)
            #expect(try await api.get("/v3/users/bob/unread_channel_count")["unread_count"] == 2)
            let items = try await api.get("/v3/users/bob/unread_item_count")
            #expect(items["group_channel_unread_message_count"] == 3)
            #expect(items["group_channel_unread_mention_count"] == 1)
            #expect(items["super_group_channel_unread_message_count"] == 1)
            #expect(items["non_super_group_channel_unread_message_count"] == 2)
            let invitations = try await api.get("/v3/users/carol/unread_item_count?item_keys=group_channel_invitation_count")
            #expect(invitations.json == ["group_channel_invitation_count": 1])
            expectError(try await api.get("/v3/users/bob/unread_item_count?item_keys=everything"), code: 400111)

            #expect(try await api.put("/v3/users/bob/mark_as_read_all", #"{"channel_urls": ["work"]}"#).json == [:])
            #expect(try await api.get("/v3/users/bob/unread_message_count")["unread_count"] == 1)
            #expect(try await api.put("/v3/users/bob/mark_as_read_all", "{}").status == .ok)
            #expect(try await api.get("/v3/users/bob/unread_message_count")["unread_count"] == 0)
            expectError(try await api.get("/v3/users/ghost/unread_message_count"), code: 400201)
        }
    }

    /// Sendbird's Supergroup page: "unread counts are marked up to 100 only".
    @Test func aSupergroupsUnreadCountStopsAtAHundred() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "crowd", "user_ids": ["alice", "bob"], "is_super": true}"#)
            try await api.createChannel(#"{"channel_url": "pair", "user_ids": ["alice", "bob"]}"#)
            for number in 0..<102 {
                #expect(try await api.send("crowd", #"{"message_type": "ADMM", "message": "notice \#(number)"}"#).status == .ok)
            }
            try await api.say("alice", "hi", in: "pair")
            #expect(try await api.get("/v3/group_channels/crowd/messages/unread_count?user_ids=bob")["unread"] == ["bob": 100])
            let crowd = try await api.get("/v3/users/bob/my_group_channels?channel_urls=crowd")["channels"][0]
            #expect(crowd["unread_message_count"] == 100)
            #expect(try await api.get("/v3/users/bob/unread_message_count")["unread_count"] == 101)
            #expect(try await api.get("/v3/users/bob/unread_item_count")["super_group_channel_unread_message_count"] == 100)
        }
    }

    @Test func countPreferenceChangesWhatIsCounted() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            #expect(try await api.get("/v3/users/bob/count_preference/chat").json == ["count_preference": "all"])
            // Sendbird's pages spell it "unread_mentioned_count_only"; the older spelling is read too.
            #expect(try await api.put("/v3/users/bob/count_preference/chat", #"{"count_preference": "unread_mention_count_only"}"#).json
                == ["count_preference": "unread_mentioned_count_only"])
            try await api.say("alice", "plain", in: "chat")
            try await api.send("chat", #"{"message_type": "MESG", "user_id": "alice", "message": "hey @bob", "mentioned_user_ids": ["bob"]}"#)
            var bob = try await api.get("/v3/users/bob/my_group_channels")["channels"][0]
            #expect(bob["unread_message_count"] == 0)
            #expect(bob["unread_mention_count"] == 1)
            #expect(bob["my_count_preference"] == "unread_mentioned_count_only")

            #expect(try await api.put("/v3/users/bob/count_preference/chat", #"{"count_preference": "off"}"#).status == .ok)
            try await api.send("chat", #"{"message_type": "MESG", "user_id": "alice", "message": "again @bob", "mentioned_user_ids": ["bob"]}"#)
            bob = try await api.get("/v3/users/bob/my_group_channels")["channels"][0]
            #expect(bob["unread_message_count"] == 0)
            #expect(bob["unread_mention_count"] == 0)

            #expect(try await api.put("/v3/users/bob/count_preference/chat", #"{"count_preference": "all"}"#).status == .ok)
            try await api.say("alice", "counted", in: "chat")
            #expect(try await api.get("/v3/users/bob/my_group_channels")["channels"][0]["unread_message_count"] == 1)
            expectError(try await api.put("/v3/users/bob/count_preference/chat", #"{"count_preference": "some"}"#), code: 400111)
            try await api.createUser("carol")
            expectError(try await api.get("/v3/users/carol/count_preference/chat"), code: 400108)
        }
    }

    /// Unread counts come from one count per channel against each member's base: every answer
    /// stays exact through own messages (read or not), a blocked sender in a 1-to-1 channel,
    /// an invitation accepted later, a member who leaves and comes back, and totals.
    @Test func unreadCountsStayExactWithoutAWritePerMember() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol", "dave")
            for user in ["carol", "dave"] {
                #expect(try await api.put("/v3/users/\(user)/channel_invitation_preference", #"{"auto_accept": false}"#).status == .ok)
            }
            try await api.createChannel(#"{"channel_url": "team", "user_ids": ["alice", "bob", "carol"]}"#)
            try await api.createChannel(#"{"channel_url": "pair", "user_ids": ["alice", "bob"], "is_distinct": true}"#)
            func unread(_ user: String, _ url: String) async throws -> Int? {
                try await api.get("/v3/group_channels/\(url)/messages/unread_count?user_ids=\(user)")["unread"][user].int
            }
            func total(_ user: String) async throws -> Int? {
                try await api.get("/v3/users/\(user)/unread_message_count")["unread_count"].int
            }
            try await api.say("alice", "one", in: "team")
            try await api.say("alice", "two", in: "team")
            // Her own message, sent without marking the channel read, never counts for her.
            try await api.send("team", #"{"message_type": "MESG", "user_id": "bob", "message": "mine", "mark_as_read": false}"#)
            #expect(try await unread("bob", "team") == 2)
            #expect(try await unread("carol", "team") == 3)
            #expect(try await unread("alice", "team") == 1)

            // Invited now, dave counts nothing until he joins, and then only what follows.
            #expect(try await api.post("/v3/group_channels/team/invite", #"{"user_ids": ["dave"]}"#).status == .ok)
            try await api.say("alice", "three", in: "team")
            #expect(try await unread("dave", "team") == 0)
            #expect(try await api.put("/v3/group_channels/team/accept", #"{"user_id": "dave"}"#).status == .ok)
            #expect(try await unread("dave", "team") == 0)
            try await api.say("carol", "four", in: "team")
            #expect(try await unread("dave", "team") == 1)
            #expect(try await unread("bob", "team") == 4)

            // Bob blocks alice: her messages in their 1-to-1 channel never reach him.
            try await api.say("alice", "before the block", in: "pair")
            #expect(try await api.post("/v3/users/bob/block", #"{"target_id": "alice"}"#).status == .ok)
            try await api.say("alice", "after the block", in: "pair")
            #expect(try await unread("bob", "pair") == 1)
            #expect(try await total("bob") == 5)

            // Reading sets the count from what is left after the read; totals follow.
            #expect(try await api.put("/v3/group_channels/team/messages/mark_as_read", #"{"user_id": "bob"}"#).status == .ok)
            #expect(try await unread("bob", "team") == 0)
            #expect(try await total("bob") == 1)
            try await api.say("carol", "five", in: "team")
            #expect(try await unread("bob", "team") == 1)

            // Leaving and coming back starts from zero.
            #expect(try await api.put("/v3/group_channels/team/leave", #"{"user_ids": ["carol"]}"#).status == .ok)
            try await api.say("alice", "six", in: "team")
            #expect(try await api.post("/v3/group_channels/team/invite", #"{"user_ids": ["carol"]}"#).status == .ok)
            #expect(try await api.put("/v3/group_channels/team/accept", #"{"user_id": "carol"}"#).status == .ok)
            #expect(try await unread("carol", "team") == 0)
            let channels = try await api.get("/v3/users/bob/my_group_channels?unread_filter=unread_message")["channels"].array
            #expect(channels.compactMap { $0["channel_url"].string }.sorted() == ["pair", "team"])
        }
    }
}
