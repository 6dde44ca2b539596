import Foundation
import Testing

/// Snapshots: the whole state saved, listed, restored between requests, deleted.
@Suite struct SnapshotTests {
    @Test func aRestoreBringsBackTheSavedStateAndNeverReusesIDs() async throws {
        try await withServer(engine: .sqlite) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"]}"#)
            let kept = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "kept"}"#)
            let saved = try await api.post("/roost/snapshots", #"{"name": "baseline"}"#)
            #expect(saved["name"] == "baseline" && (saved["size"].int ?? 0) > 0 && saved["created_at"].int != nil)

            let lost = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "lost"}"#)
            try await api.createUsers("carol")
            #expect(try await api.delete("/v3/group_channels/room").status == .ok)
            let lastEvent = try #require(try await api.get("/roost/events?limit=1000")["last_seq"].int)

            #expect(try await api.post("/roost/snapshots/baseline/restore", "")["name"] == "baseline")
            let messages = try await api.get("/v3/group_channels/room/messages?message_ts=0&next_limit=10&prev_limit=0")["messages"].array
            #expect(messages.map { $0["message"] } == ["kept"])
            expectError(try await api.get("/v3/users/carol"), code: 400201)
            #expect(messages.first?["message_id"] == kept["message_id"])

            let after = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "after"}"#)
            #expect((after["message_id"].int ?? 0) > (lost["message_id"].int ?? .max), "a message id handed out before is never handed out again")
            let events = try await api.get("/roost/events?since=\(lastEvent)")["events"].array
            #expect(events.map(\.["category"]) == ["group_channel:message_send"], "new events come after every seq seen before")

            #expect(try await api.get("/roost/snapshots")["snapshots"].array.map(\.["name"]) == ["baseline"])
            #expect(try await api.post("/roost/snapshots", #"{"name": "baseline"}"#).status == .ok, "saving again replaces it")
            #expect(try await api.delete("/roost/snapshots/baseline").json == [:])
            #expect(try await api.get("/roost/snapshots")["snapshots"] == [])
        }
    }

    @Test func tokensComeBackWithTheirState() async throws {
        try await withServer(engine: .sqlite) { api in
            try await api.createUsers("alice")
            let secondary = try #require(try await api.post("/v3/applications/api_tokens", "{}")["token"].string)
            #expect(try await api.post("/roost/snapshots", #"{"name": "with-token"}"#).status == .ok)
            #expect(try await api.delete("/v3/applications/api_tokens/\(secondary)").status == .ok)
            expectError(try await api.call(.get, "/v3/users", token: secondary), status: .unauthorized, code: 400401)
            #expect(try await api.post("/roost/snapshots/with-token/restore", "").status == .ok)
            #expect(try await api.call(.get, "/v3/users", token: secondary).status == .ok, "tokens are read again")
        }
    }

    @Test func badNamesUnknownSnapshotsAndDamagedFilesChangeNothing() async throws {
        try await withServer(engine: .sqlite) { api in
            try await api.createUsers("alice")
            expectError(try await api.post("/roost/snapshots", "{}"), code: 400105)
            expectError(try await api.post("/roost/snapshots", #"{"name": "../escape"}"#), code: 400111)
            expectError(try await api.post("/roost/snapshots", #"{"name": ".hidden"}"#), code: 400111)
            expectError(try await api.post("/roost/snapshots/nothing/restore", ""), code: 400201)
            expectError(try await api.delete("/roost/snapshots/nothing"), code: 400201)

            let saved = try await api.post("/roost/snapshots", #"{"name": "good"}"#)
            let folder = try #require(api.snapshotsDirectory)
            try Data("not a database at all, but long enough to look like one".utf8).write(to: URL(fileURLWithPath: "\(folder)/damaged.sqlite"))
            expectError(try await api.post("/roost/snapshots/damaged/restore", ""), code: 400111)
            #expect(try await api.get("/v3/users/alice").status == .ok, "the failed restore changed nothing")
            #expect(saved.status == .ok)
            expectError(try await api.call(.post, "/roost/snapshots", body: #"{"name": "x"}"#, token: "wrong"), status: .unauthorized, code: 400401)
        }
    }

    @Test func requestsInFlightSeeTheStateBeforeOrAfterARestore() async throws {
        try await withServer(engine: .sqlite) { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            #expect(try await api.post("/roost/snapshots", #"{"name": "empty"}"#).status == .ok)
            // 60 sends from 8 clients at once; one of them restores halfway, while the other
            // seven's sends are in flight. (60 requests at once outlasted the test client's 20 s
            // wait on a CI machine running every suite.)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<8 {
                    group.addTask {
                        for index in stride(from: client, to: 60, by: 8) {
                            let sent = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "m\#(index)"}"#)
                            #expect(sent.status == .ok)
                            if index == 32 {
                                let restored = try await api.post("/roost/snapshots/empty/restore", "")
                                #expect(restored.status == .ok)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            // Every message left is whole: listed in its channel and with its event in the log.
            let messages = try await api.get("/v3/group_channels/room/messages?message_ts=0&next_limit=200&prev_limit=0")["messages"].array
            let events = try await api.get("/roost/events?limit=1000")["events"].array.filter { $0["category"] == "group_channel:message_send" }
            #expect(Set(messages.compactMap(\.["message_id"].int)) == Set(events.compactMap { $0["payload"]["payload"]["message_id"].int }))
            #expect(messages.count < 60 || messages.count == 60)
        }
    }
}
