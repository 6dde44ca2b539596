import Foundation
import Testing

@Suite struct MigrationTests {
    @Test func importKeepsOriginalTimesAndCountsNothingUnread() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            let reply = try await api.post(
                "/v3/migration/chat",
                #"{"messages": [{"user_id": "alice", "message_type": "MESG", "message": "first", "timestamp": 1500000000000}, {"user_id": "bob", "message_type": "MESG", "message": "second", "timestamp": 1500000001000, "dedup_id": "d2"}, {"message_type": "ADMM", "message": "notice", "timestamp": 1500000002000}]}"#
            )
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply.json == [:])
            let history = try await api.get("/v3/group_channels/chat/messages?message_ts=0&prev_limit=0&next_limit=10")["messages"].array
            #expect(history.map { $0["message"] } == ["first", "second", "notice"])
            #expect(history.map { $0["created_at"] } == [1_500_000_000_000, 1_500_000_001_000, 1_500_000_002_000])
            let bob = try await api.get("/v3/users/bob/my_group_channels")["channels"][0]
            #expect(bob["last_message"]["message"] == "notice")
            #expect(bob["unread_message_count"] == 0)

            #expect(try await api.post("/v3/migration/chat", #"{"messages": [{"user_id": "bob", "message": "second", "timestamp": 1500000001000, "dedup_id": "d2"}]}"#).status == .ok)
            #expect(try await api.get("/v3/group_channels/chat/messages/total_count")["total"] == 3)

            expectError(try await api.post("/v3/migration/chat", #"{"messages": [{"user_id": "alice", "message": "ok", "timestamp": 1}, {"user_id": "ghost", "message": "no", "timestamp": 2}]}"#), code: 400201)
            #expect(try await api.get("/v3/group_channels/chat/messages/total_count")["total"] == 3)
            expectError(try await api.post("/v3/migration/nowhere", #"{"messages": [{"user_id": "alice", "message": "x", "timestamp": 1}]}"#), code: 400201)
            // Sendbird's page requires each message's original time.
            expectError(try await api.post("/v3/migration/chat", #"{"messages": [{"user_id": "alice", "message": "when?"}]}"#), code: 400105)
            expectError(try await api.post("/v3/migration/chat", #"{"messages": []}"#), code: 400105)
            let many = (0..<101).map { _ in #"{"user_id": "alice", "message": "m", "timestamp": 1}"# }.joined(separator: ",")
            expectError(try await api.post("/v3/migration/chat", #"{"messages": [\#(many)]}"#), code: 400203)
        }
    }

    @Test func viewUserWithUnreadCounts() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            try await api.say("alice", "hi", in: "chat")
            try await api.say("alice", "there", in: "chat")
            let bob = try await api.get("/v3/users/bob?include_unread_count=true")
            #expect(bob["unread_message_count"] == 2)
            #expect(bob["unread_channel_count"] == 1)
            #expect(try await api.get("/v3/users/bob")["unread_message_count"] == nil)
        }
    }
}
