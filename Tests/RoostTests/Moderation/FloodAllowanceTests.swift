import GRDB
import HTTPTypes
import Testing

/// Only stored messages spend the sender's flood allowance (`--max-messages-per-second`): a
/// send refused by any rule, or whose write rolls back, and a retry that repeats a `dedup_id`
/// leave it whole. The clock stands still, so every send of a test falls in one second.
@Suite struct FloodAllowanceTests {
    private static let allowance = 5

    private func attempt(_ api: API, _ body: String, in url: String, channelType: String = "group_channels") async throws -> API.Reply {
        try await api.post("/v3/\(channelType)/\(url)/messages", body)
    }

    /// Alice may still send the whole allowance in `url` this second, and not one more.
    private func expectWholeAllowance(_ api: API, in url: String, channelType: String = "group_channels", sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for index in 0..<Self.allowance {
            let sent = try await attempt(api, #"{"message_type": "MESG", "user_id": "alice", "message": "plain \#(index)"}"#, in: url, channelType: channelType)
            #expect(sent.status == .ok, "send \(index + 1) of the allowance: \(sent)", sourceLocation: sourceLocation)
        }
        let over = try await attempt(api, #"{"message_type": "MESG", "user_id": "alice", "message": "one too many"}"#, in: url, channelType: channelType)
        expectError(over, status: .tooManyRequests, code: 400910, sourceLocation: sourceLocation)
    }

    /// Alice's `body` refused `allowance` times with `status`.
    private func expectRefused(_ api: API, _ body: String, in url: String, channelType: String = "group_channels", status: HTTPResponse.Status = .badRequest, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<Self.allowance {
            let refused = try await attempt(api, body, in: url, channelType: channelType)
            #expect(refused.status == status, "\(refused)", sourceLocation: sourceLocation)
        }
    }

    private func withChat(file: TemporaryDatabase? = nil, _ test: @Sendable (API) async throws -> Void) async throws {
        try await withServer(database: file, maxMessagesPerSecond: Self.allowance) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"], "operator_ids": ["bob"]}"#)
            try await test(api)
        }
    }

    @Test func aReplyToNoMessage() async throws {
        try await withChat { api in
            try await expectRefused(api, #"{"message_type": "MESG", "user_id": "alice", "message": "re", "parent_message_id": 424242}"#, in: "chat")
            try await expectWholeAllowance(api, in: "chat")
        }
    }

    @Test func aPollThatDoesNotExist() async throws {
        try await withChat { api in
            try await expectRefused(api, #"{"message_type": "MESG", "user_id": "alice", "message": "vote", "poll_id": 424242}"#, in: "chat")
            try await expectWholeAllowance(api, in: "chat")
        }
    }

    @Test func aFrozenChannel() async throws {
        try await withChat { api in
            #expect(try await api.put("/v3/group_channels/chat/freeze", #"{"freeze": true}"#).status == .ok)
            try await expectRefused(api, #"{"message_type": "MESG", "user_id": "alice", "message": "cold"}"#, in: "chat")
            #expect(try await api.put("/v3/group_channels/chat/freeze", #"{"freeze": false}"#).status == .ok)
            try await expectWholeAllowance(api, in: "chat")
        }
    }

    @Test func aMutedSender() async throws {
        try await withChat { api in
            #expect(try await api.post("/v3/group_channels/chat/mute", #"{"user_id": "alice"}"#).status == .ok)
            try await expectRefused(api, #"{"message_type": "MESG", "user_id": "alice", "message": "hush"}"#, in: "chat")
            #expect(try await api.delete("/v3/group_channels/chat/mute/alice").status == .ok)
            try await expectWholeAllowance(api, in: "chat")
        }
    }

    @Test func aBannedSender() async throws {
        try await withChat { api in
            #expect(try await api.post("/v3/open_channels", #"{"channel_url": "lobby"}"#).status == .ok)
            #expect(try await api.post("/v3/open_channels/lobby/ban", #"{"user_id": "alice"}"#).status == .ok)
            try await expectRefused(api, #"{"message_type": "MESG", "user_id": "alice", "message": "out"}"#, in: "lobby", channelType: "open_channels")
            #expect(try await api.delete("/v3/open_channels/lobby/ban/alice").status == .ok)
            try await expectWholeAllowance(api, in: "lobby", channelType: "open_channels")
        }
    }

    /// A write that fails after the rules let the message through (here a trigger the test
    /// adds refuses the send's event) rolls back, and gives its slot back.
    @Test func aWriteThatRollsBack() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        try await withChat(file: file) { api in
            // The server's writer may hold the file's lock (its followers write after each
            // commit): wait for it, as the server's own connections do.
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let outside = try DatabaseQueue(path: file.path, configuration: configuration)
            try await outside.write { db in
                try db.execute(sql: """
                    CREATE TRIGGER test_refuses_marked_sends BEFORE INSERT ON events WHEN NEW.payload LIKE '%roll me back%'
                    BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                    """)
            }
            try await expectRefused(api, #"{"message_type": "MESG", "user_id": "alice", "message": "roll me back"}"#, in: "chat", status: .internalServerError)
            #expect(try await api.get("/v3/group_channels/chat/messages/total_count")["total"] == 0, "nothing of the refused sends is stored")
            try await expectWholeAllowance(api, in: "chat")
            try outside.close()
        }
    }

    /// An ephemeral channel keeps no messages, and its sends count all the same.
    @Test func anEphemeralChannel() async throws {
        try await withChat { api in
            try await api.createChannel(#"{"channel_url": "fleeting", "user_ids": ["alice"], "is_ephemeral": true}"#)
            try await expectWholeAllowance(api, in: "fleeting")
        }
    }

    /// A message stamped with a time of its own counts at the time it was sent.
    @Test func messagesWithATimeOfTheirOwn() async throws {
        try await withChat { api in
            for index in 0..<Self.allowance {
                let sent = try await attempt(api, #"{"message_type": "MESG", "user_id": "alice", "message": "old \#(index)", "created_at": 1000}"#, in: "chat")
                #expect(sent.status == .ok && sent["created_at"] == 1000, "\(sent)")
            }
            expectError(try await attempt(api, #"{"message_type": "MESG", "user_id": "alice", "message": "over"}"#, in: "chat"), status: .tooManyRequests, code: 400910)
        }
    }

    /// A retry that repeats a `dedup_id` answers the stored message and spends nothing; the
    /// first send spent one slot.
    @Test func retriesOfADedupID() async throws {
        try await withChat { api in
            let body = #"{"message_type": "MESG", "user_id": "alice", "message": "once", "dedup_id": "only-once"}"#
            let first = try await attempt(api, body, in: "chat")
            #expect(first.status == .ok, "\(first)")
            for _ in 0..<Self.allowance {
                let retried = try await attempt(api, body, in: "chat")
                #expect(retried.status == .ok && retried["message_id"] == first["message_id"], "\(retried)")
            }
            for index in 1..<Self.allowance {
                try await api.say("alice", "after \(index)", in: "chat")
            }
            expectError(try await attempt(api, #"{"message_type": "MESG", "user_id": "alice", "message": "over"}"#, in: "chat"), status: .tooManyRequests, code: 400910)
            #expect(try await api.get("/v3/group_channels/chat/messages/total_count")["total"].int == Self.allowance)
        }
    }
}
