import Testing

/// Resetting chat history clears, for that member (or every member), the channel's last
/// message, the unread counts and the read receipt up to the reset: what came before is gone
/// for them, and what comes after counts again.
@Suite struct ResetHistoryTests {
    @Test func resetClearsLastMessageUnreadCountsAndReadReceipt() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "oldies", "user_ids": ["alice", "bob", "carol"]}"#)
            try await api.say("alice", "one", in: "oldies")
            try await api.say("alice", "two", in: "oldies")
            clock.advance(milliseconds: 100)

            let reset = try await api.put("/v3/group_channels/oldies/reset_user_history", #"{"user_id": "bob"}"#)
            #expect(reset["ts_message_offset"].int == 1_700_000_000_100)
            func view(of userID: String) async throws -> JSONValue {
                try await api.get("/v3/users/\(userID)/my_group_channels?show_empty=true&show_read_receipt=true")["channels"][0]
            }
            let bob = try await view(of: "bob")
            #expect(bob["last_message"] == .null)
            #expect(bob["unread_message_count"] == 0)
            #expect(bob["read_receipt"]["bob"].int == 1_700_000_000_100)
            let carol = try await view(of: "carol")
            #expect(carol["last_message"]["message"] == "two")
            #expect(carol["unread_message_count"] == 2)

            clock.advance(milliseconds: 10)
            try await api.say("alice", "three", in: "oldies")
            #expect(try await view(of: "bob")["last_message"]["message"] == "three")
            #expect(try await view(of: "bob")["unread_message_count"] == 1)

            // reset_all resets every member and needs no user_id.
            clock.advance(milliseconds: 10)
            #expect(try await api.put("/v3/group_channels/oldies/reset_user_history", #"{"reset_all": true}"#).status == .ok)
            for userID in ["alice", "bob", "carol"] {
                #expect(try await view(of: userID)["last_message"] == .null)
                #expect(try await view(of: userID)["unread_message_count"] == 0)
            }
            expectError(try await api.put("/v3/group_channels/oldies/reset_user_history", "{}"), code: 400105)
        }
    }
}
