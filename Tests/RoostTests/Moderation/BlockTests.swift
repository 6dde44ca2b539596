import Foundation
import Testing

@Suite struct BlockTests {
    @Test func blockingWithholdsMessagesInOneToOneDistinctChannels() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "direct", "user_ids": ["alice", "bob"], "is_distinct": true}"#)
            try await api.createChannel(#"{"channel_url": "group", "user_ids": ["alice", "bob", "carol"]}"#)
            let blocked = try await api.post("/v3/users/alice/block", #"{"target_id": "bob"}"#)
            #expect(blocked["user_id"] == "bob")

            try await api.say("bob", "can you hear me", in: "direct")
            try await api.say("bob", "hello group", in: "group")
            let base = "messages?message_ts=0&prev_limit=0&next_limit=10"
            #expect(try await api.texts("/v3/group_channels/direct/\(base)&user_id=alice") == [])
            #expect(try await api.texts("/v3/group_channels/direct/\(base)&user_id=bob") == ["can you hear me"])
            #expect(try await api.texts("/v3/group_channels/direct/\(base)") == ["can you hear me"])
            #expect(try await api.texts("/v3/group_channels/group/\(base)&user_id=alice") == ["hello group"])
            #expect(try await api.get("/v3/group_channels/direct/messages/unread_count")["unread"] == ["alice": 0, "bob": 0])
            #expect(try await api.get("/v3/group_channels/group/messages/unread_count?user_ids=alice")["unread"] == ["alice": 1])

            let members = try await api.get("/v3/group_channels/group/members?user_id=alice")["members"].array
            let bob = try #require(members.first { $0["user_id"] == "bob" })
            #expect(bob["is_blocked_by_me"] == true)
            #expect(bob["is_blocking_me"] == false)
            let asBob = try await api.get("/v3/group_channels/group/members?user_id=bob")["members"].array
            #expect(asBob.first { $0["user_id"] == "alice" }?["is_blocking_me"] == true)

            #expect(try await api.get("/v3/users/alice/block")["users"].array.map { $0["user_id"] } == ["bob"])
            #expect(try await api.get("/v3/users/alice/block?user_ids=carol")["users"] == [])
            #expect(try await api.delete("/v3/users/alice/block/bob").json == [:])
            try await api.say("bob", "now?", in: "direct")
            #expect(try await api.texts("/v3/group_channels/direct/\(base)&user_id=alice") == ["now?"])
            expectError(try await api.delete("/v3/users/alice/block/bob"), code: 400201)

            let bulk = try await api.post("/v3/users/carol/block", #"{"user_ids": ["alice", "bob"]}"#)
            #expect(bulk["users"].array.count == 2)
            expectError(try await api.post("/v3/users/carol/block", #"{"target_id": "carol"}"#), code: 400111)
            expectError(try await api.post("/v3/users/carol/block", "{}"), code: 400105)
        }
    }

    @Test func listsShowEitherSideOfBlocksFilteredByMetadata() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol", "eve")
            expectOK(try await api.post("/v3/users/bob/metadata", #"{"metadata": {"team": "red"}}"#))
            expectOK(try await api.post("/v3/users/alice/block", #"{"user_ids": ["bob", "carol"]}"#))
            expectOK(try await api.post("/v3/users/eve/block", #"{"target_id": "bob"}"#))

            func ids(_ path: String) async throws -> [String] {
                try await api.get(path)["users"].array.compactMap { $0["user_id"].string }
            }
            #expect(try await ids("/v3/users/alice/block") == ["bob", "carol"])
            #expect(try await ids("/v3/users/alice/block?list=blocked_by_me") == ["bob", "carol"])
            #expect(try await ids("/v3/users/bob/block?list=blocking_me") == ["alice", "eve"])
            #expect(try await ids("/v3/users/bob/block?list=blocking_me&user_ids=eve") == ["eve"])
            #expect(try await ids("/v3/users/alice/block?list=blocking_me") == [])
            #expect(try await ids("/v3/users/alice/block?metadatakey=team&metadatavalues_in=red,blue") == ["bob"])
            #expect(try await ids("/v3/users/alice/block?metadatakey=team&metadatavalues_in=blue") == [])
            let first = try await api.get("/v3/users/bob/block?list=blocking_me&limit=1")
            #expect(first["users"].array.compactMap { $0["user_id"].string } == ["alice"])
            #expect(try await ids("/v3/users/bob/block?list=blocking_me&limit=1&token=\(first["next"].string ?? "")") == ["eve"])
            expectError(try await api.get("/v3/users/alice/block?list=everyone"), code: 400111)
        }
    }
}
