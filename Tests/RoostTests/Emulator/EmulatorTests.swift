import Foundation
import Testing

/// The emulator controls: reset, the clock, injected faults.
@Suite struct EmulatorTests {
    @Test func resetEmptiesTheDataAndKeepsTheSettings() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"]}"#)
            #expect(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "hi"}"#).status == .ok)
            #expect(try await api.put("/v3/applications/settings/reactions", #"{"enabled": false}"#).status == .ok)
            let secondary = try #require(try await api.post("/v3/applications/api_tokens", "{}")["token"].string)

            #expect(try await api.post("/roost/reset", #"{"keep_users": true}"#).json == [:])
            expectError(try await api.get("/v3/group_channels/room"), code: 400201)
            #expect(try await api.get("/v3/users/alice").status == .ok, "keep_users keeps them")
            #expect(try await api.get("/roost/events")["events"] == [])
            try await api.createChannel(#"{"channel_url": "again", "user_ids": ["alice"]}"#)
            let sent = try await api.post("/v3/group_channels/again/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "hi"}"#)
            let reaction = try await api.post("/v3/group_channels/again/messages/\(sent["message_id"].int ?? 0)/reactions", #"{"user_id": "alice", "reaction": "ok"}"#)
            expectError(reaction, code: 400108)
            #expect(try await api.call(.get, "/v3/users", token: secondary).status == .ok, "tokens stay")

            #expect(try await api.post("/roost/reset", "").status == .ok)
            expectError(try await api.get("/v3/users/alice"), code: 400201)
            expectError(try await api.call(.post, "/roost/reset", body: "{}", token: secondary), code: 400108)
        }
    }

    @Test func theClockMovesForwardOnlyAndDrivesExpiry() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            #expect(try await api.post("/v3/group_channels/room/mute", #"{"user_id": "alice", "seconds": 600}"#).status == .ok)
            let before = try #require(try await api.get("/roost/clock")["now"].int)
            let moved = try await api.put("/roost/clock", #"{"advance_ms": 601000}"#)
            #expect(moved["now"].int.map { $0 >= before + 601_000 } == true && moved["frozen"] == false)
            #expect(try await api.get("/v3/group_channels/room/mute/alice")["is_muted"] == false, "a 10-minute mute is over")
            expectError(try await api.put("/roost/clock", #"{"now": \#(before)}"#), code: 400111)

            let frozen = try await api.put("/roost/clock", #"{"frozen": true}"#)
            #expect(frozen["frozen"] == true)
            let first = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "one"}"#)
            try await Task.sleep(for: .milliseconds(20))
            let second = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "two"}"#)
            #expect(first["created_at"] == second["created_at"] && first["created_at"] == frozen["now"], "frozen time stands still")
            #expect(try await api.put("/roost/clock", #"{"frozen": false}"#)["frozen"] == false)
            expectError(try await api.put("/roost/clock", "{}"), code: 400105)
        }
    }

    /// The clock's setting is kept in the database: neither a restart nor a reset turns it back.
    @Test func aRestartKeepsTheMovedClock() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let frozenAt = try await withServer(database: database) { api in
            #expect(try await api.put("/roost/clock", #"{"advance_ms": 86400000}"#).status == .ok)
            return try #require(try await api.put("/roost/clock", #"{"frozen": true}"#)["now"].int)
        }
        try await withServer(database: database) { api in
            let clock = try await api.get("/roost/clock")
            #expect(clock["now"].int == frozenAt && clock["frozen"] == true, "\(clock)")
            #expect(try await api.post("/roost/reset", "{}").status == .ok)
            #expect(try await api.get("/roost/clock")["now"].int == frozenAt, "a reset keeps the clock")
        }
    }

    @Test func faultsAnswerTheNextMatchingRequestsThenService() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            let added = try await api.post(
                "/roost/faults", #"{"method": "GET", "path_prefix": "/v3/users", "status": 429, "code": 500910, "times": 2}"#
            )
            #expect(added["faults"].array.count == 1)
            expectError(try await api.get("/v3/users/alice"), status: .tooManyRequests, code: 500910)
            #expect(try await api.post("/v3/users", #"{"user_id": "bob", "nickname": "bob", "profile_url": ""}"#).status == .ok, "other methods pass")
            expectError(try await api.get("/v3/users"), status: .tooManyRequests, code: 500910)
            #expect(try await api.get("/v3/users/alice").status == .ok, "used up")
            #expect(try await api.post("/roost/faults", #"{"path_prefix": "/v3/users", "status": 500, "times": 5}"#).status == .ok)
            #expect(try await api.get("/roost/faults")["faults"][0]["times"] == 5)
            #expect(try await api.delete("/roost/faults")["faults"] == [])
            #expect(try await api.get("/v3/users/alice").status == .ok)
            #expect(try await api.post("/roost/faults", #"{"path_prefix": "/v3/users/alice", "delay_ms": 50}"#)["faults"][0]["times"] == 1, "once unless told")
            let start = ContinuousClock.now
            #expect(try await api.get("/v3/users/alice").status == .ok, "a delay, then the answer")
            #expect(ContinuousClock.now - start >= .milliseconds(50))
            expectError(try await api.post("/roost/faults", #"{"path_prefix": "/v3", "status": 200, "times": 1}"#), code: 400113)
            expectError(try await api.post("/roost/faults", #"{"status": 500}"#), code: 400105)
        }
    }

    @Test func theJournalListsRequestsWithTheirAnswers() async throws {
        try await withServer { api in
            #expect(try await api.post("/v3/users", #"{"user_id": "alice", "nickname": "Alice", "profile_url": ""}"#).status == .ok)
            let refused = try await api.get("/v3/users/nobody")
            expectError(refused, code: 400201)
            let listed = try await api.get("/roost/requests?path_prefix=/v3/users")["requests"].array
            #expect(listed.map { "\($0["method"].string ?? "") \($0["path"].string ?? "") \($0["status"].int ?? 0)" }
                == ["POST /v3/users 200", "GET /v3/users/nobody 400"])
            #expect(listed[0]["request_body"].string?.contains("\"user_id\": \"alice\"") == true)
            #expect(listed[0]["response_body"].string?.contains("\"nickname\":\"Alice\"") == true)
            #expect(listed[1]["response_body"].string == refused.text, "the error as the client read it")
            #expect(listed[0]["token"].string?.hasSuffix(String(API.token.suffix(4))) == true && listed[0]["token"].string?.contains(API.token) == false)
            let since = try #require(listed[0]["id"].int)
            #expect(try await api.get("/roost/requests?status=400&since=\(since)")["requests"].array.count == 1)
        }
    }
}
