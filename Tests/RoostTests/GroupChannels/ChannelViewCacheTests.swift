import Roost
import Testing

/// Channel views, and the channels of lists, are written from channels kept in memory while
/// they are exact, and a user's own list from the list kept for them. The same calls, made once with the cache and once without, must answer the
/// same bytes after every kind of change a channel shows (to anyone, or to one member), and
/// after the time a typing indicator lapses or a mute ends.
@Suite struct ChannelViewCacheTests {
    /// Every shape of view the cache keeps apart, and one it does not keep.
    private static let views = ["", "?show_member=true", "?show_metadata=true", "?show_member=true&show_metadata=true", "?show_read_receipt=true"]
    /// Lists, each member's own and one as no one in particular sees it.
    private static let lists = ["alice", "bob", "carol"].flatMap { user in
        ["", "?show_member=true", "?show_member=true&show_metadata=true", "?show_read_receipt=true"].map { "/v3/users/\(user)/my_group_channels" + $0 }
    } + ["/v3/group_channels?show_member=true"]

    private func scenario(_ api: API, clock: TestClock) async throws -> [String] {
        var bodies: [String] = []
        func readAll(after change: String) async throws {
            for view in Self.views {
                for _ in 0..<2 {
                    let reply = try await api.get("/v3/group_channels/room" + view)
                    #expect(reply.status == .ok, "\(change) \(view): \(reply)")
                    bodies.append("\(change) \(view): \(reply.text)")
                }
            }
            for list in Self.lists {
                for _ in 0..<2 {
                    // Once bob is deleted, his list is an error, with the cache or without.
                    let reply = try await api.get(list)
                    bodies.append("\(change) \(list): \(reply.status.code) \(reply.text)")
                }
            }
        }
        func change(_ name: String, after milliseconds: Int64 = 1, _ call: () async throws -> API.Reply) async throws {
            clock.advance(milliseconds: milliseconds)
            let reply = try await call()
            #expect(reply.status == .ok, "\(name): \(reply)")
            try await readAll(after: name)
        }
        func setUp() async throws {
            for user in ["alice", "bob", "carol", "dave"] { try await api.createUser(user, nickname: user.capitalized) }
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob", "carol"], "operator_ids": ["alice"]}"#)
            try await api.createChannel(#"{"channel_url": "pair", "user_ids": ["alice", "bob"]}"#)
            try await readAll(after: "created")
        }

        try await setUp()
        let first = try await api.say("alice", "hello", in: "room")["message_id"].int ?? 0
        try await readAll(after: "a message")
        let message = "/v3/group_channels/room/messages/\(first)"
        try await change("an edit") { try await api.put(message, #"{"message": "hello again"}"#) }
        try await change("a member invited") { try await api.post("/v3/group_channels/room/invite", #"{"user_ids": ["dave"]}"#) }
        try await change("a member leaving") { try await api.put("/v3/group_channels/room/leave", #"{"user_ids": ["dave"]}"#) }
        try await change("typing") { try await api.post("/v3/group_channels/room/typing", #"{"user_ids": ["bob"]}"#) }
        clock.advance(milliseconds: 10_001)
        try await readAll(after: "the typing indicator lapsed")
        try await change("a mute") { try await api.post("/v3/group_channels/room/mute", #"{"user_id": "bob", "seconds": 5}"#) }
        clock.advance(milliseconds: 5_001)
        try await readAll(after: "the mute ended")
        try await change("a new operator") { try await api.post("/v3/group_channels/room/operators", #"{"operator_ids": ["bob"]}"#) }
        try await change("an operator removed") { try await api.delete("/v3/group_channels/room/operators?operator_ids=alice") }
        try await change("metadata") { try await api.post("/v3/group_channels/room/metadata", #"{"metadata": {"mood": "calm"}}"#) }
        try await change("metadata changed") {
            try await api.put("/v3/group_channels/room/metadata", #"{"metadata": {"mood": "busy", "topic": "tea"}, "upsert": true}"#)
        }
        try await change("metadata removed") { try await api.delete("/v3/group_channels/room/metadata/mood") }
        try await change("a pin") { try await api.post(message + "/pin", "{}") }
        try await change("a reaction") { try await api.post(message + "/reactions", #"{"user_id": "bob", "reaction": "smile"}"#) }
        try await change("a silent message") {
            try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "carol", "message": "psst", "is_silent": true}"#)
        }
        try await change("a message in the pair") { try await api.post("/v3/group_channels/pair/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "hi"}"#) }
        try await change("a block") { try await api.post("/v3/users/alice/block", #"{"target_id": "bob"}"#) }
        try await change("a message held back") {
            try await api.post("/v3/group_channels/pair/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "still there?"}"#)
        }
        try await change("history hidden") {
            try await api.put("/v3/group_channels/room/hide", #"{"user_id": "bob", "hide_previous_messages": true}"#)
        }
        try await change("history reset") { try await api.put("/v3/group_channels/room/reset_user_history", #"{"user_id": "alice"}"#) }
        try await change("push off") { try await api.put("/v3/users/carol/push_preference/room", #"{"push_trigger_option": "off"}"#) }
        try await change("a read") { try await api.put("/v3/group_channels/room/messages/mark_as_read", #"{"user_id": "bob"}"#) }
        try await change("a new name") { try await api.put("/v3/group_channels/room", #"{"name": "Lounge"}"#) }
        try await change("frozen") { try await api.put("/v3/group_channels/room/freeze", #"{"freeze": true}"#) }
        try await change("a member's nickname") { try await api.put("/v3/users/carol", #"{"nickname": "Caroline"}"#) }
        try await change("a member's metadata") { try await api.post("/v3/users/carol/metadata", #"{"metadata": {"team": "red"}}"#) }
        try await change("a ban") { try await api.post("/v3/group_channels/room/ban", #"{"user_id": "carol", "seconds": 60}"#) }
        try await change("the message deleted") { try await api.delete(message) }
        try await change("a user deleted") { try await api.delete("/v3/users/bob") }
        // A reset empties the data but not the counters answers kept in memory are stamped with.
        #expect(try await api.post("/roost/reset", "{}").status == .ok)
        try await setUp()
        try await change("a nickname after the reset") { try await api.put("/v3/users/alice", #"{"nickname": "Al"}"#) }
        return bodies
    }

    @Test func everyViewIsTheSameWithAndWithoutTheCache() async throws {
        try await expectSameAnswersWithAndWithoutCache(
            minimumHits: ["roost_channel_view_cache_hits": 50, "roost_channel_list_cache_hits": 30]
        ) { api, clock in
            try await scenario(api, clock: clock)
        }
    }
}
