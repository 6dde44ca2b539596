import Foundation
import Testing

@Suite struct OpenChannelTests {
    @Test func createViewUpdateDelete() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            let created = try await api.post("/v3/open_channels", #"{"custom_type": "lobby", "operator_ids": ["alice"]}"#)
            #expect(created.status == .ok)
            let url = try #require(created["channel_url"].string)
            #expect(url.hasPrefix("sendbird_open_channel_"))
            #expect(created["name"] == "open channel")
            #expect(created["custom_type"] == "lobby")
            #expect(created["participant_count"] == 0)
            #expect(created["max_length_message"] == -1)
            #expect(created["created_at"].int == 1_700_000_000)
            #expect(created["freeze"] == false)
            #expect(created["is_ephemeral"] == false && created["is_dynamic_partitioned"] == false)
            #expect(created["operators"].array.map { $0["user_id"] } == ["alice"])
            #expect(try await api.get("/v3/open_channels/\(url)").json == created.json)

            let updated = try await api.put("/v3/open_channels/\(url)", #"{"name": "Lobby", "data": "d", "operator_ids": ["bob"]}"#)
            #expect(updated["name"] == "Lobby")
            #expect(updated["data"] == "d")
            #expect(updated["operators"].array.map { $0["user_id"] } == ["alice", "bob"])
            #expect(try await api.put("/v3/open_channels/\(url)/freeze", #"{"freeze": true}"#)["freeze"] == true)

            expectError(try await api.post("/v3/open_channels", #"{"channel_url": "\#(url)"}"#), code: 400202)
            let partitioned = try await api.post("/v3/open_channels", #"{"channel_url": "stage", "is_dynamic_partitioned": true}"#)
            #expect(partitioned["is_dynamic_partitioned"] == true)
            #expect(try await api.get("/v3/open_channels/stage")["is_dynamic_partitioned"] == true)
            expectError(try await api.post("/v3/open_channels", #"{"operator_ids": ["ghost"]}"#), code: 400201)
            expectError(try await api.get("/v3/group_channels/\(url)"), code: 400201)
            #expect(try await api.delete("/v3/open_channels/\(url)").json == [:])
            expectError(try await api.get("/v3/open_channels/\(url)"), code: 400201)
        }
    }

    @Test func listFiltersAndPages() async throws {
        try await withServer { api in
            for (url, body) in [
                ("lobby-1", #"{"channel_url": "lobby-1", "name": "Main Lobby", "custom_type": "lobby"}"#),
                ("lobby-2", #"{"channel_url": "lobby-2", "name": "Side lobby", "custom_type": "lobby"}"#),
                ("news-1", #"{"channel_url": "news-1", "name": "News", "custom_type": "news"}"#),
            ] {
                #expect(try await api.post("/v3/open_channels", body)["channel_url"].string == url)
            }
            #expect(try await api.put("/v3/open_channels/news-1/freeze", #"{"freeze": true}"#).status == .ok)
            #expect(try await api.post("/v3/open_channels/lobby-1/metadata", #"{"metadata": {"topic": "games"}}"#).status == .ok)
            func urls(_ query: String) async throws -> [String] {
                try await api.get("/v3/open_channels?\(query)")["channels"].array.compactMap { $0["channel_url"].string }
            }
            #expect(try await urls("") == ["news-1", "lobby-2", "lobby-1"])
            #expect(try await urls("custom_types=lobby") == ["lobby-2", "lobby-1"])
            #expect(try await urls("name_contains=LOBBY") == ["lobby-2", "lobby-1"])
            #expect(try await urls("url_contains=news") == ["news-1"])
            #expect(try await urls("show_frozen=false") == ["lobby-2", "lobby-1"])
            #expect(try await urls("channel_urls=lobby-1,news-1") == ["news-1", "lobby-1"])
            let withMetadata = try await api.get("/v3/open_channels?show_metadata=True&channel_urls=lobby-1")
            #expect(withMetadata["channels"][0]["metadata"] == ["topic": "games"])

            let first = try await api.get("/v3/open_channels?limit=2")
            #expect(first["channels"].array.count == 2)
            let second = try await api.get("/v3/open_channels?limit=2&token=\(first["next"].string!)")
            #expect(second["channels"].array.map { $0["channel_url"] } == ["lobby-1"])
            #expect(second["next"] == "")
            #expect(try await api.get("/v3/group_channels?show_empty=true")["channels"] == [])
        }
    }

    @Test func participantsAndOperators() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            let url = try await api.post("/v3/open_channels", "{}")["channel_url"].string!
            #expect(try await api.get("/v3/open_channels/\(url)/participants").json == ["participants": [], "next": ""])
            #expect(try await api.post("/v3/open_channels/\(url)/operators", #"{"operator_ids": ["alice", "bob"]}"#).status == .ok)
            #expect(try await api.get("/v3/open_channels/\(url)/operators")["operators"].array.map { $0["user_id"] } == ["alice", "bob"])
            #expect(try await api.delete("/v3/open_channels/\(url)/operators?operator_ids=alice&operator_ids=bob").status == .ok)
            #expect(try await api.get("/v3/open_channels/\(url)")["operators"] == [])
            expectError(try await api.get("/v3/open_channels/nowhere/participants"), code: 400201)
        }
    }

    @Test func participantsShowWhoIsMuted() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            #expect(try await api.post("/v3/open_channels", #"{"channel_url": "hall"}"#).status == .ok)
            for user in ["alice", "bob"] {
                try await api.send("hall", #"{"message_type": "MESG", "user_id": "\#(user)", "message": "hi"}"#, channelType: "open_channels")
            }
            #expect(try await api.post("/v3/open_channels/hall/mute", #"{"user_id": "bob", "seconds": 60}"#).status == .ok)
            let participants = try await api.get("/v3/open_channels/hall/participants")["participants"].array
            #expect(participants.map { $0["user_id"] } == ["alice", "bob"])
            #expect(participants.map { $0["is_muted"] } == [false, true])
        }
    }
}
