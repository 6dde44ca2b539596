import Testing

/// Bans and mutes by channel custom type: they hold in every channel of the type, those made
/// later too, and nowhere else.
@Suite struct CustomTypeModerationTests {
    func send(_ api: API, _ userID: String, in url: String) async throws -> API.Reply {
        try await api.post("/v3/group_channels/\(url)/messages", #"{"message_type": "MESG", "user_id": "\#(userID)", "message": "hi"}"#)
    }

    @Test func aBanHoldsInEveryChannelOfTheTypeAndTakesMembersOut() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "movie-1", "custom_type": "movie", "user_ids": ["alice", "bob"]}"#)
            try await api.createChannel(#"{"channel_url": "cartoon-1", "custom_type": "cartoon", "user_ids": ["alice", "bob"]}"#)

            let banned = try await api.post(
                "/v3/applications/settings_by_channel_custom_type/movie/ban",
                #"{"banned_list": [{"user_id": "bob", "seconds": 600, "description": "spoilers"}, {"user_id": "ghost"}]}"#
            )
            #expect(banned.status == .ok, "\(banned)")
            let members = try await api.get("/v3/group_channels/movie-1/members")["members"].array.compactMap { $0["user_id"].string }
            #expect(members == ["alice"], "a ban takes the user out of the type's channels")

            try await api.createChannel(#"{"channel_url": "movie-2", "custom_type": "movie", "user_ids": ["alice"]}"#)
            expectError(try await api.post("/v3/group_channels/movie-2/invite", #"{"user_ids": ["bob"]}"#), code: 900100)
            #expect(try await send(api, "bob", in: "cartoon-1").status == .ok, "other types are untouched")

            let listed = try await api.get("/v3/applications/settings_by_channel_custom_type/movie/ban")
            #expect(listed["banned_list"].array.map { $0["user"]["user_id"].string } == ["bob"], "a user who does not exist is passed over")
            #expect(listed["banned_list"][0]["description"] == "spoilers")
            #expect(listed["banned_list"][0]["end_at"].int == 1_700_000_600_000)

            #expect(try await api.delete("/v3/applications/settings_by_channel_custom_type/movie/ban?user_ids=bob").status == .ok)
            #expect(try await api.post("/v3/group_channels/movie-2/invite", #"{"user_ids": ["bob"]}"#).status == .ok)
            #expect(try await api.get("/v3/applications/settings_by_channel_custom_type/movie/ban")["banned_list"].array.isEmpty)
        }
    }

    @Test func aMuteHoldsInEveryChannelOfTheTypeAndUpsertCreatesUsers() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            let muted = try await api.post(
                "/v3/applications/settings_by_channel_custom_type/movie/mute",
                #"{"user_ids": ["alice", "newcomer"], "seconds": -1, "on_demand_upsert": true}"#
            )
            #expect(muted.status == .ok, "\(muted)")
            #expect(try await api.get("/v3/users/newcomer").status == .ok, "on_demand_upsert creates the user")
            try await api.createChannel(#"{"channel_url": "movie-1", "custom_type": "movie", "user_ids": ["alice", "newcomer"]}"#)
            expectError(try await send(api, "alice", in: "movie-1"), code: 900041)

            let listed = try await api.get("/v3/applications/settings_by_channel_custom_type/movie/mute?limit=1")
            #expect(listed["muted_list"].array.map { $0["user_id"].string } == ["alice"])
            let next = try #require(listed["next"].string)
            let rest = try await api.get("/v3/applications/settings_by_channel_custom_type/movie/mute?limit=1&token=\(next)")
            #expect(rest["muted_list"].array.map { $0["user_id"].string } == ["newcomer"])

            #expect(try await api.delete("/v3/applications/settings_by_channel_custom_type/movie/mute?user_ids=alice,newcomer").status == .ok)
            #expect(try await send(api, "alice", in: "movie-1").status == .ok)
        }
    }

    @Test func badInputChangesNothing() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            let path = "/v3/applications/settings_by_channel_custom_type/movie/ban"
            expectError(try await api.post(path, #"{"banned_list": []}"#), code: 400105)
            expectError(try await api.post(path, #"{"banned_list": [{"user_id": "alice"}, {"user_id": "alice", "seconds": 0}]}"#), code: 400111)
            expectError(try await api.post(path, #"{"banned_list": "alice"}"#), code: 400102)
            #expect(try await api.get(path)["banned_list"].array.isEmpty, "a refused request bans no one")
            expectError(try await api.delete(path), code: 400105)
            expectError(try await api.delete(path + "?user_ids=nobody"), code: 400201)
            expectError(try await api.post("/v3/applications/settings_by_channel_custom_type/movie/mute", #"{"user_ids": ["alice"], "description": "\#(String(repeating: "x", count: 2049))"}"#), code: 400110)
        }
    }
}
