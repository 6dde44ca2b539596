import Testing

/// Pages take their users' summaries from memory while no user has changed: every change to
/// what a summary shows must reach the next page read, whichever page kept the summary.
@Suite struct UserSummaryCacheTests {
    /// The sender as a history page, a channel view and a channel list show them.
    private func shownSender(_ api: API) async throws -> [JSONValue] {
        let history = try await api.get("/v3/group_channels/room/messages?message_ts=9999999999999&prev_limit=1&next_limit=0")
        let view = try await api.get("/v3/group_channels/room?show_member=true")
        let list = try await api.get("/v3/users/bob/my_group_channels?show_member=true")
        return [
            history["messages"][0]["user"],
            view["last_message"]["user"],
            view["members"].array.first { $0["user_id"] == "alice" } ?? .null,
            list["channels"][0]["last_message"]["user"],
        ]
    }

    private func expectShown(_ api: API, nickname: String, metadata: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for shown in try await shownSender(api) {
            #expect(shown["nickname"].string == nickname, "\(shown)", sourceLocation: sourceLocation)
            #expect(shown["metadata"] == metadata, "\(shown)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyChangeToAUserReachesTheNextPage() async throws {
        try await withServer { api in
            try await api.createUser("alice", nickname: "Alice")
            try await api.createUser("bob", nickname: "Bob")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"]}"#)
            try await api.say("alice", "hello", in: "room")
            try await expectShown(api, nickname: "Alice", metadata: [:])
            try await expectShown(api, nickname: "Alice", metadata: [:])

            #expect(try await api.put("/v3/users/alice", #"{"nickname": "Alicia"}"#).status == .ok)
            try await expectShown(api, nickname: "Alicia", metadata: [:])

            #expect(try await api.post("/v3/users/alice/metadata", #"{"metadata": {"team": "red"}}"#).status == .ok)
            try await expectShown(api, nickname: "Alicia", metadata: ["team": "red"])
            #expect(try await api.put("/v3/users/alice/metadata/team", #"{"value": "blue"}"#).status == .ok)
            try await expectShown(api, nickname: "Alicia", metadata: ["team": "blue"])
            #expect(try await api.delete("/v3/users/alice/metadata/team").status == .ok)
            try await expectShown(api, nickname: "Alicia", metadata: [:])

            #expect(try await api.put("/v3/users/alice", #"{"is_active": false, "leave_all_when_deactivated": false}"#).status == .ok)
            for shown in try await shownSender(api) { #expect(shown["is_active"] == false, "\(shown)") }
        }
    }

    /// SQLite gives a deleted user's row id to the next user created: the new user must not
    /// show as the old one.
    @Test func aNewUserWithAFreedRowIDShowsAsThemselves() async throws {
        try await withServer { api in
            try await api.createUser("alice", nickname: "Alice")
            try await api.createUser("bob", nickname: "Bob")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"]}"#)
            try await api.say("bob", "hi", in: "room")
            #expect(try await api.get("/v3/group_channels/room?show_member=true")["members"].array.map(\.["nickname"]) == ["Alice", "Bob"])

            #expect(try await api.delete("/v3/users/bob").status == .ok)
            try await api.createUser("carl", nickname: "Carl")
            #expect(try await api.post("/v3/group_channels/room/invite", #"{"user_ids": ["carl"]}"#).status == .ok)
            let members = try await api.get("/v3/group_channels/room?show_member=true")["members"].array
            #expect(members.map(\.["user_id"]) == ["alice", "carl"])
            #expect(members.map(\.["nickname"]) == ["Alice", "Carl"])
        }
    }

    /// A restored snapshot brings back its users as they were, and the changes after it show
    /// too, though the counter of changes was saved with the snapshot.
    @Test func aRestoreAndTheChangesAfterItReachTheNextPage() async throws {
        try await withServer(engine: .sqlite) { api in
            try await api.createUser("alice", nickname: "Alice")
            try await api.createUser("bob", nickname: "Bob")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"]}"#)
            try await api.say("alice", "hello", in: "room")
            #expect(try await api.post("/roost/snapshots", #"{"name": "before"}"#).status == .ok)

            #expect(try await api.put("/v3/users/alice", #"{"nickname": "Al"}"#).status == .ok)
            try await expectShown(api, nickname: "Al", metadata: [:])
            #expect(try await api.post("/roost/snapshots/before/restore", "").status == .ok)
            try await expectShown(api, nickname: "Alice", metadata: [:])
            // One change after the restore: the counter is where it stood before the change to
            // "Al" had it not been larger.
            #expect(try await api.put("/v3/users/alice", #"{"nickname": "Ally"}"#).status == .ok)
            try await expectShown(api, nickname: "Ally", metadata: [:])
        }
    }
}
