import Testing

/// A silent message (`is_silent`) is the channel's last message for its sender only: other
/// members' last message and unread counts stay as they were, and the channel stays hidden.
@Suite struct SilentMessageTests {
    @Test func onlyTheSenderSeesItAsTheLastMessage() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "quiet", "user_ids": ["alice", "bob"]}"#)
            try await api.say("alice", "loud", in: "quiet")
            clock.advance(milliseconds: 10)
            try await api.send("quiet", #"{"message_type": "MESG", "user_id": "bob", "message": "hush", "is_silent": true}"#)

            func lastMessage(of userID: String) async throws -> JSONValue {
                try await api.get("/v3/users/\(userID)/my_group_channels?show_empty=true")["channels"][0]["last_message"]
            }
            #expect(try await lastMessage(of: "bob")["message"] == "hush")
            #expect(try await lastMessage(of: "bob")["silent"] == true)
            #expect(try await lastMessage(of: "alice")["message"] == "loud")
            #expect(try await api.get("/v3/group_channels/quiet")["last_message"]["message"] == "loud")
            #expect(try await api.get("/v3/group_channels/quiet/messages/unread_count")["unread"] == ["alice": 0, "bob": 1])

            // A newer ordinary message is everyone's last message again.
            clock.advance(milliseconds: 10)
            try await api.say("alice", "again", in: "quiet")
            #expect(try await lastMessage(of: "bob")["message"] == "again")
        }
    }
}
