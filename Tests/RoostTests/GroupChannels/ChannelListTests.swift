import Foundation
import Testing

@Suite struct ChannelListTests {
    /// Five channels with distinct traits, created one second apart.
    private func seed(_ api: API, clock: TestClock) async throws -> [String: String] {
        for (id, nickname) in [("alice", "Alice"), ("bob", "Bobby"), ("carol", "Carol"), ("dan", "Dan")] {
            try await api.createUser(id, nickname: nickname)
        }
        var urls: [String: String] = [:]
        let bodies: [(String, String)] = [
            ("ab", #"{"channel_url": "ch-ab", "user_ids": ["alice", "bob"], "is_distinct": true, "name": "Alpha", "custom_type": "chat"}"#),
            ("abc", #"{"channel_url": "ch-abc", "user_ids": ["alice", "bob", "carol"], "name": "Beta team", "custom_type": "chat"}"#),
            ("pub", #"{"channel_url": "ch-pub", "user_ids": ["carol"], "is_public": true, "name": "gamma", "custom_type": "news"}"#),
            ("super", #"{"channel_url": "ch-super", "user_ids": ["dan", "alice"], "is_super": true, "name": "Delta", "custom_type": "newsroom"}"#),
            ("frozen", #"{"channel_url": "ch-frozen", "user_ids": ["dan"], "name": "epsilon"}"#),
        ]
        for (key, body) in bodies {
            urls[key] = try await api.createChannel(body)["channel_url"].string
            clock.advance(milliseconds: 1000)
        }
        #expect(try await api.put("/v3/group_channels/ch-frozen/freeze", #"{"freeze": true}"#).status == .ok)
        return urls
    }

    private func urls(_ api: API, _ path: String) async throws -> [String] {
        let reply = try await api.get(path)
        #expect(reply.status == .ok, "\(path): \(reply)")
        return reply["channels"].array.compactMap { $0["channel_url"].string }
    }

    @Test func listFilters() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            _ = try await seed(api, clock: clock)
            func list(_ query: String) async throws -> [String] {
                try await urls(api, "/v3/group_channels?show_empty=true&\(query)")
            }
            #expect(try await urls(api, "/v3/group_channels") == [])
            #expect(try await list("") == ["ch-frozen", "ch-super", "ch-pub", "ch-abc", "ch-ab"])
            #expect(try await list("distinct_mode=distinct") == ["ch-ab"])
            #expect(try await list("distinct_mode=nondistinct").count == 4)
            #expect(try await list("is_distinct=true") == ["ch-ab"], "the filter distinct_mode replaced")
            #expect(try await list("is_distinct=false").count == 4)
            #expect(try await list("is_distinct=false&distinct_mode=distinct") == ["ch-ab"])
            #expect(try await list("public_mode=public") == ["ch-pub"])
            #expect(try await list("public_mode=private").count == 4)
            #expect(try await list("super_mode=super") == ["ch-super"])
            #expect(try await list("super_mode=nonsuper").count == 4)
            #expect(try await list("show_frozen=false").count == 4)
            #expect(try await list("custom_types=chat,news") == ["ch-pub", "ch-abc", "ch-ab"])
            #expect(try await list("custom_type_startswith=news") == ["ch-super", "ch-pub"])
            #expect(try await list("channel_urls=ch-ab,ch-pub,nope") == ["ch-pub", "ch-ab"])
            #expect(try await list("name=Alpha") == ["ch-ab"])
            #expect(try await list("name_contains=TEAM") == ["ch-abc"])
            #expect(try await list("name_startswith=g") == ["ch-pub"])
            #expect(try await list("created_after=1700000001500") == ["ch-frozen", "ch-super", "ch-pub"])
            #expect(try await list("created_before=1700000001500") == ["ch-abc", "ch-ab"])
            #expect(try await list("members_exactly_in=bob,alice") == ["ch-ab"])
            // Ids of no user are passed over.
            #expect(try await list("members_exactly_in=bob,alice,nobody") == ["ch-ab"])
            #expect(try await list("members_include_in=alice,bob") == ["ch-abc", "ch-ab"])
            #expect(try await list("members_include_in=alice,bob&query_type=AND") == ["ch-abc", "ch-ab"])
            #expect(try await list("members_include_in=carol,dan&query_type=OR") == ["ch-frozen", "ch-super", "ch-pub", "ch-abc"])
            #expect(try await list("members_nickname=Bobby") == ["ch-abc", "ch-ab"])
            #expect(try await list("members_nickname_contains=aro") == ["ch-pub", "ch-abc"])
            // Only ids of existing users count; with none of them, nothing matches.
            #expect(try await list("members_include_in=bob,nobody") == ["ch-abc", "ch-ab"])
            #expect(try await list("members_include_in=nobody") == [])
            #expect(try await list("members_nickname_startswith=bob") == ["ch-abc", "ch-ab"])
            #expect(try await urls(api, "/v3/users/alice/my_group_channels?show_empty=true&members_nickname_startswith=Da") == ["ch-super"])
            #expect(try await list("order=channel_name_alphabetical") == ["ch-ab", "ch-abc", "ch-super", "ch-frozen", "ch-pub"])
            #expect(try await list("order=latest_last_message") == ["ch-frozen", "ch-super", "ch-pub", "ch-abc", "ch-ab"])

            let withMembers = try await api.get("/v3/group_channels?show_empty=true&show_member=true&channel_urls=ch-ab")
            #expect(withMembers["channels"][0]["members"].array.count == 2)

            try await api.send("ch-ab", #"{"message_type": "MESG", "user_id": "alice", "message": "m", "sorted_metaarray": [{"key": "k", "value": ["v"]}]}"#)
            for path in ["/v3/group_channels?channel_urls=ch-ab", "/v3/users/alice/my_group_channels?channel_urls=ch-ab"] {
                #expect(try await api.get(path)["channels"][0]["last_message"]["sorted_metaarray"] == .null)
                let with = try await api.get(path + "&include_sorted_metaarray_in_last_message=true")
                #expect(with["channels"][0]["last_message"]["sorted_metaarray"] == [["key": "k", "value": ["v"]]], "\(path)")
            }

            for bad in ["distinct_mode=maybe", "public_mode=x", "super_mode=x", "order=random", "query_type=XOR", "show_empty=perhaps", "created_after=yesterday", "order=metadata_value_alphabetical"] {
                let reply = try await api.get("/v3/group_channels?\(bad)")
                #expect(reply.status == .badRequest, "\(bad): \(reply)")
            }
        }
    }

    @Test func pageThrough120ChannelsByNext() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            var created: [String] = []
            for index in 0..<120 {
                created.append(try await api.createChannel(#"{"user_ids": ["alice"], "name": "c\#(index)"}"#)["channel_url"].string!)
            }
            for order in ["chronological", "channel_name_alphabetical", "latest_last_message"] {
                var seen: [String] = []
                var next = ""
                var pages = 0
                repeat {
                    let page = try await api.get("/v3/group_channels?show_empty=true&limit=50&order=\(order)&token=\(next)")
                    seen += page["channels"].array.compactMap { $0["channel_url"].string }
                    next = page["next"].string ?? ""
                    pages += 1
                } while !next.isEmpty
                #expect(pages == 3, "\(order)")
                #expect(Set(seen) == Set(created), "\(order)")
                #expect(seen.count == 120, "\(order)")
            }
        }
    }

    @Test func myGroupChannels() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            _ = try await seed(api, clock: clock)
            func mine(_ userID: String, _ query: String = "") async throws -> [String] {
                try await urls(api, "/v3/users/\(userID)/my_group_channels?show_empty=true&\(query)")
            }
            #expect(try await mine("alice") == ["ch-super", "ch-abc", "ch-ab"])
            #expect(try await mine("alice", "custom_types=chat") == ["ch-abc", "ch-ab"])
            #expect(try await mine("alice", "search_query=alp") == ["ch-ab"])
            #expect(try await mine("alice", "search_query=dan&search_fields=member_nickname") == ["ch-super"])
            #expect(try await mine("alice", "search_query=dan&search_fields=channel_name") == [])
            #expect(try await mine("carol", "order=channel_name_alphabetical") == ["ch-abc", "ch-pub"])

            try await api.createUser("erin")
            #expect(try await api.put("/v3/users/erin/channel_invitation_preference", #"{"auto_accept": false}"#).status == .ok)
            #expect(try await api.post("/v3/group_channels/ch-ab/invite", #"{"user_ids": ["erin"]}"#).status == .ok)
            #expect(try await mine("erin") == ["ch-ab"])
            #expect(try await mine("erin", "member_state_filter=invited_only") == ["ch-ab"])
            #expect(try await mine("erin", "member_state_filter=invited_by_non_friend") == ["ch-ab"])
            #expect(try await mine("erin", "member_state_filter=invited_by_friend") == [])
            #expect(try await mine("erin", "member_state_filter=joined_only") == [])

            let channel = try await api.get("/v3/users/erin/my_group_channels?show_empty=true")["channels"][0]
            #expect(channel["member_state"] == "invited")
            #expect(channel["my_role"] == "")
            #expect(channel["is_hidden"] == false)

            #expect(try await api.get("/v3/users/alice/group_channel_count")["group_channel_count"] == 3)
            #expect(try await api.get("/v3/users/alice/group_channel_count?custom_types=chat")["group_channel_count"] == 2)
            #expect(try await api.get("/v3/users/alice/group_channel_count?super_mode=super")["group_channel_count"] == 1)
            #expect(try await api.get("/v3/users/erin/group_channel_count?member_state_filter=joined")["group_channel_count"] == 0)
            #expect(try await api.get("/v3/users/erin/group_channel_count?member_state_filter=invited_only")["group_channel_count"] == 1)
            #expect(try await api.get("/v3/users/erin/group_channel_count?state=invited")["group_channel_count"] == 1)
            #expect(try await api.get("/v3/users/erin/group_channel_count?state=joined")["group_channel_count"] == 0)
            #expect(try await api.put("/v3/group_channels/ch-ab/hide", #"{"user_id": "alice"}"#).status == .ok)
            #expect(try await api.get("/v3/users/alice/group_channel_count")["group_channel_count"] == 2)
            #expect(try await api.get("/v3/users/alice/group_channel_count?hidden_mode=all")["group_channel_count"] == 3)

            expectError(try await api.get("/v3/users/ghost/my_group_channels"), code: 400201)
            expectError(try await api.get("/v3/users/alice/my_group_channels?member_state_filter=left"), code: 400111)
            expectError(try await api.get("/v3/users/alice/my_group_channels?search_fields=everything&search_query=x"), code: 400111)
        }
    }
}
