import Foundation
import Testing

/// Many clients at once, over many connections: counts kept by the database stay exact.
/// One test at a time: each is many clients at once already, and together on CI's busy two
/// cores their requests outlasted the HTTP client's wait for a connection.
@Suite(.serialized) struct ConcurrencyTests {
    @Test func ninetyNineMembersJoiningAndLeavingOneChannelAtOnce() async throws {
        try await withServer(testing: .ahc(.http)) { api in
            // With the host, never more than the 100 members a group channel holds.
            let userIDs = (0..<99).map { "user\($0)" }
            for userID in userIDs + ["host"] { try await api.createUser(userID) }
            try await api.createChannel(#"{"channel_url": "crowd", "user_ids": ["host"], "is_public": true}"#)
            // As many clients as the HTTP client keeps connections to one host (8): more only
            // queue in its pool, where on CI's busy cores they outlasted its wait for one.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<8 {
                    group.addTask {
                        for index in stride(from: client, to: userIDs.count, by: 8) {
                            let userID = userIDs[index]
                            let joined = try await api.put("/v3/group_channels/crowd/join", #"{"user_id": "\#(userID)"}"#)
                            #expect(joined.status == .ok, "\(userID) joining: \(joined)")
                            if index.isMultiple(of: 2) {
                                let left = try await api.put("/v3/group_channels/crowd/leave", #"{"user_ids": ["\#(userID)"]}"#)
                                #expect(left.status == .ok, "\(userID) leaving: \(left)")
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let channel = try await api.get("/v3/group_channels/crowd")
            #expect(channel["member_count"] == 50)
            #expect(channel["joined_member_count"] == 50)
            #expect(try await api.memberIDs(of: "crowd").count == 50)
        }
    }

    @Test func concurrentSendsGetDistinctIncreasingIDs() async throws {
        try await withServer(testing: .ahc(.http)) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "busy", "user_ids": ["alice", "bob"]}"#)
            // Ten clients at once, each with ten sends in turn.
            let ids = try await withThrowingTaskGroup(of: [Int].self) { group in
                for client in 0..<10 {
                    group.addTask {
                        var ids: [Int] = []
                        for index in stride(from: client, to: 100, by: 10) {
                            if let id = try await api.say(index.isMultiple(of: 2) ? "alice" : "bob", "m\(index)", in: "busy")["message_id"].int {
                                ids.append(id)
                            }
                        }
                        return ids
                    }
                }
                return try await group.reduce(into: [Int]()) { $0 += $1 }
            }
            #expect(Set(ids).count == 100)
            #expect(try await api.get("/v3/group_channels/busy/messages/total_count")["total"] == 100)
            // Each has read everything up to their own last message, so at most the other's 50 are unread.
            let unread = try await api.get("/v3/group_channels/busy/messages/unread_count")["unread"]
            let alice = try #require(unread["alice"].int), bob = try #require(unread["bob"].int)
            #expect((0...50).contains(alice) && (0...50).contains(bob))
        }
    }

    /// Sends and reads at once: a member's unread count is the messages from others stamped
    /// after the time their last read recorded. A send stamped before a read it commits after
    /// would count as unread though stamped before the read; one stamped in the read's own
    /// millisecond may fall on either side.
    @Test func unreadCountsUnderSendsAndReadsAtOnce() async throws {
        try await withServer(testing: .ahc(.http)) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            // Ten clients at once, each with 30 requests in turn: 300 at once outlasted the
            // HTTP client's wait for a connection on a busy machine.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<10 {
                    group.addTask {
                        for index in stride(from: client, to: 300, by: 10) {
                            if index.isMultiple(of: 3) {
                                let read = try await api.put("/v3/group_channels/chat/messages/mark_as_read", #"{"user_id": "bob"}"#)
                                #expect(read.status == .ok)
                            } else {
                                _ = try await api.say("alice", "m\(index)", in: "chat")
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let readUpTo = try #require(try await api.get("/v3/group_channels/chat?show_read_receipt=true")["read_receipt"]["bob"].int)
            let times = try await api.get("/v3/group_channels/chat/messages?message_ts=0&prev_limit=0&next_limit=200")["messages"].array
                .compactMap { $0["created_at"].int }
            #expect(times.count == 200)
            let unread = try #require(try await api.get("/v3/group_channels/chat/messages/unread_count?user_ids=bob")["unread"]["bob"].int)
            let after = times.filter { $0 > readUpTo }.count, atOrAfter = times.filter { $0 >= readUpTo }.count
            #expect((after...atOrAfter).contains(unread), "bob read up to \(readUpTo): \(unread) unread, \(after) sent after")
        }
    }
    /// Sends into one channel at once share their statements on the writer (`sendAll`); what
    /// they leave is what the same sends one after another, in the order of their ids, leave:
    /// each sender has read up to their own last message, so the messages after it are unread;
    /// a member who sent nothing has every message unread and sees the channel they hid again;
    /// the newest message is the channel's last. Some sends mention a member, and are written
    /// alone with the rest of their channel's batch.
    @Test func sendsAtOnceIntoOneChannelLeaveWhatTheyWouldOneAfterAnother() async throws {
        try await withServer(testing: .ahc(.http)) { api in
            let senders = ["alice", "bob", "carol"]
            try await api.createUsers("alice", "bob", "carol", "dave")
            try await api.createChannel(#"{"channel_url": "team", "user_ids": ["alice", "bob", "carol", "dave"]}"#)
            #expect(try await api.put("/v3/group_channels/team/hide", #"{"user_id": "dave", "allow_auto_unhide": true}"#).status == .ok)
            let sent = try await withThrowingTaskGroup(of: [(sender: String, id: Int)].self) { group in
                for client in 0..<12 {
                    group.addTask {
                        let sender = senders[client % senders.count]
                        var sent: [(sender: String, id: Int)] = []
                        for index in 0..<10 {
                            let mention = client == 0 && index.isMultiple(of: 5) ? #", "mentioned_user_ids": ["dave"]"# : ""
                            let reply = try await api.post(
                                "/v3/group_channels/team/messages", #"{"message_type": "MESG", "user_id": "\#(sender)", "message": "m\#(index)"\#(mention)}"#
                            )
                            sent.append((sender, try #require(reply["message_id"].int, "\(reply)")))
                        }
                        return sent
                    }
                }
                return try await group.reduce(into: [(sender: String, id: Int)]()) { $0 += $1 }
            }.sorted { $0.id < $1.id }
            #expect(Set(sent.map(\.id)).count == 120)
            let unread = try await api.get("/v3/group_channels/team/messages/unread_count?user_ids=alice,bob,carol,dave")["unread"]
            for sender in senders {
                let lastOwn = try #require(sent.lastIndex { $0.sender == sender })
                #expect(unread[sender].int == sent.count - 1 - lastOwn, "\(sender)'s last message is number \(lastOwn + 1) of \(sent.count)")
            }
            #expect(unread["dave"] == 120)
            let asDave = try await api.get("/v3/group_channels/team?user_id=dave")
            #expect(asDave["hidden_state"] == "unhidden" && asDave["unread_mention_count"] == 2)
            #expect(asDave["last_message"]["message_id"].int == sent.last?.id)
        }
    }
}
