import Roost
import Testing

/// Channels' newest history pages are answered from memory while they are exact. The same
/// calls, made once with the cache and once without, must answer the same bytes after every
/// kind of change a page shows.
@Suite struct HistoryCacheTests {
    /// Every shape of page the cache keeps apart, and some it does not keep.
    private static let pages = [
        "", "&include_reactions=true", "&include_thread_info=true", "&include_parent_message_info=true",
        "&with_sorted_meta_array=true", "&include_poll_details=true", "&include_reply_type=ALL", "&including_removed=true",
        "&reverse=true", "&prev_limit=2", "&prev_limit=3&reverse=true", "&prev_limit=200", "&message_type=MESG",
        "&user_id=carol", "&message_ts=1700000000004", "&message_ts=1700000000002&prev_limit=1&next_limit=1",
    ]

    /// Reads every page twice (the second read can come from memory) after each change, and
    /// answers every body read.
    private func scenario(_ api: API, clock: TestClock) async throws -> [String] {
        var bodies: [String] = []
        func readAll(after change: String) async throws {
            for page in Self.pages {
                for _ in 0..<2 {
                    let anchor = page.contains("message_ts") ? "" : "&message_ts=9999999999999"
                    let reply = try await api.get("/v3/group_channels/room/messages?include=true" + anchor + page)
                    #expect(reply.status == .ok, "\(change) \(page): \(reply)")
                    bodies.append("\(change) \(page): \(reply.text)")
                }
            }
        }
        func change(_ name: String, _ call: () async throws -> API.Reply) async throws {
            clock.advance(milliseconds: 1)
            let reply = try await call()
            #expect(reply.status == .ok, "\(name): \(reply)")
            try await readAll(after: name)
        }

        for user in ["alice", "bob", "carol"] { try await api.createUser(user, nickname: user.capitalized) }
        try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob", "carol"], "operator_ids": ["alice"]}"#)
        try await readAll(after: "empty")
        let first = try await api.send("room", #"{"message_type": "MESG", "user_id": "alice", "message": "hello @bob", "mentioned_user_ids": ["bob"]}"#)["message_id"].int ?? 0
        try await change("a second message") { try await api.say("bob", "hi", in: "room") }
        try await change("a file") {
            try await api.send("room", #"{"message_type": "FILE", "user_id": "carol", "url": "https://example.com/a.png", "file_name": "a.png"}"#)
        }
        try await change("an admin message") { try await api.send("room", #"{"message_type": "ADMM", "message": "notice"}"#) }
        let message = "/v3/group_channels/room/messages/\(first)"
        try await change("an edit") { try await api.put(message, #"{"message": "hello again @bob"}"#) }
        try await change("new mentions") { try await api.put(message, #"{"mentioned_user_ids": ["carol"]}"#) }
        try await change("a reaction") { try await api.post(message + "/reactions", #"{"user_id": "bob", "reaction": "smile"}"#) }
        try await change("a reaction taken back") { try await api.delete(message + "/reactions?user_id=bob&reaction=smile") }
        try await change("a reply") {
            try await api.send("room", #"{"message_type": "MESG", "user_id": "carol", "message": "re", "parent_message_id": \#(first)}"#)
        }
        try await change("metadata") {
            try await api.post(message + "/sorted_metaarray", #"{"sorted_metaarray": [{"key": "tags", "value": ["a"]}]}"#)
        }
        try await change("a pin") { try await api.post(message + "/pin", "{}") }
        try await change("the sender's nickname") { try await api.put("/v3/users/alice", #"{"nickname": "Alicia"}"#) }
        try await change("the sender's metadata") { try await api.post("/v3/users/alice/metadata", #"{"metadata": {"team": "red"}}"#) }
        try await change("a new operator") { try await api.post("/v3/group_channels/room/operators", #"{"operator_ids": ["bob"]}"#) }
        try await change("an operator removed") { try await api.delete("/v3/group_channels/room/operators?operator_ids=alice") }
        try await change("a member hiding history") {
            try await api.put("/v3/group_channels/room/hide", #"{"user_id": "carol", "hide_previous_messages": true}"#)
        }
        // After a restore, the same change to the same channel gives it the revision it had
        // before the restore, for another state.
        #expect(try await api.post("/roost/snapshots", #"{"name": "late"}"#).status == .ok)
        try await change("an edit before a restore") { try await api.put(message, #"{"message": "before"}"#) }
        #expect(try await api.post("/roost/snapshots/late/restore", "").status == .ok)
        try await change("an edit after the restore") { try await api.put(message, #"{"message": "after"}"#) }
        try await change("a deletion") { try await api.delete(message) }
        try await change("a user deleted") { try await api.delete("/v3/users/bob") }
        // Last: a page showing a poll is not kept, as its votes change it.
        let poll = try await api.post("/v3/polls", #"{"title": "Lunch?", "options": ["pizza", "sushi"], "created_by": "alice"}"#)
        let pollID = poll["id"].int ?? 0
        let option = poll["options"][0]["id"].int ?? 0
        try await change("a poll") {
            try await api.send("room", #"{"message_type": "MESG", "user_id": "alice", "message": "vote", "poll_id": \#(pollID)}"#)
        }
        try await change("a vote") { try await api.put("/v3/polls/\(pollID)/vote", #"{"user_id": "carol", "option_ids": [\#(option)]}"#) }
        return bodies
    }

    /// Newest pages of many channels asked for at once, their kept answers checked together
    /// (`BatchedReads`): each answers its own channel's messages, newest included, and a group
    /// channel asked for as an open one is not found.
    @Test func pagesAskedForAtOnceAnswerTheirOwnChannels() async throws {
        try await withServer { api in
            try await api.createUser("ann")
            let rooms = (0..<12).map { "room-\($0)" }
            for room in rooms { try await api.createChannel(#"{"channel_url": "\#(room)", "user_ids": ["ann"]}"#) }
            for round in 0..<3 {
                for room in rooms { try await api.say("ann", "\(room) says \(round)", in: room) }
                // Twice: the second reads are answered from what the first kept.
                for _ in 0..<2 {
                    let pages = try await withThrowingTaskGroup(of: (String, API.Reply).self) { group in
                        for room in rooms + ["room-0?open"] {
                            group.addTask {
                                let path = room.hasSuffix("?open") ? "/v3/open_channels/room-0" : "/v3/group_channels/\(room)"
                                return (room, try await api.get(path + "/messages?message_ts=9999999999999&prev_limit=5&next_limit=0"))
                            }
                        }
                        return try await group.reduce(into: [String: API.Reply]()) { $0[$1.0] = $1.1 }
                    }
                    for room in rooms {
                        let texts = pages[room]?["messages"].array.compactMap(\.["message"].string)
                        #expect(texts == (0...round).map { "\(room) says \($0)" }, "\(room) after round \(round)")
                    }
                    expectError(try #require(pages["room-0?open"]), code: 400201)
                }
            }
        }
    }

    @Test func everyPageIsTheSameWithAndWithoutTheCache() async throws {
        // Its scenario ends with a snapshot restored: SQLite's alone.
        try await expectSameAnswersWithAndWithoutCache(minimumHits: ["roost_history_cache_hits": 100], engine: .sqlite) { api, clock in
            try await scenario(api, clock: clock)
        }
    }
}
