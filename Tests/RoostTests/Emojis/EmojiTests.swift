import Testing

/// The application's emojis, and the reactions they allow.
@Suite struct EmojiTests {
    @Test func categoriesAndEmojisAreManagedAndHashed() async throws {
        try await withServer { api in
            let empty = try await api.get("/v3/emoji_categories")
            #expect(empty["emoji_categories"] == [] && empty["emoji_hash"].string?.isEmpty == false)
            let added = try await api.post(
                "/v3/emoji_categories", #"{"emoji_categories": [{"name": "faces", "url": "https://example.com/faces.png"}]}"#
            )
            #expect(added.status == .ok, "\(added)")
            let category = try #require(added["emoji_categories"][0]["id"].int)
            #expect(added["emoji_categories"][0]["name"] == "faces" && added["emoji_categories"][0]["emojis"] == .null)
            expectError(try await api.post("/v3/emoji_categories", #"{"emoji_categories": [{"name": "bad", "url": "not a url"}]}"#), code: 400114)

            let emojis = try await api.post(
                "/v3/emojis",
                #"{"emoji_category_id": \#(category), "emojis": [{"key": "smile", "url": "https://example.com/smile.png"}, {"key": "wink", "url": "https://example.com/wink.png"}]}"#
            )
            #expect(emojis["emojis"].array.map { $0["key"].string ?? "" } == ["smile", "wink"])
            expectError(try await api.post("/v3/emojis", #"{"emoji_category_id": \#(category), "emojis": [{"key": "smile", "url": "https://example.com/x.png"}]}"#), code: 400202)
            expectError(try await api.post("/v3/emojis", #"{"emoji_category_id": 999, "emojis": [{"key": "frown", "url": "https://example.com/x.png"}]}"#), code: 400201)
            expectError(try await api.post("/v3/emojis", #"{"emoji_category_id": \#(category), "emojis": [{"key": "\#(String(repeating: "k", count: 31))", "url": "https://example.com/x.png"}]}"#), code: 400110)

            let changed = try await api.put("/v3/emojis/smile", #"{"emoji_key": "smile", "url": "https://example.com/smile2.png"}"#)
            #expect(changed["url"] == "https://example.com/smile2.png" && changed["key"] == "smile")
            #expect(try await api.get("/v3/emojis/wink")["url"] == "https://example.com/wink.png")
            let viewed = try await api.get("/v3/emoji_categories/\(category)")
            #expect(viewed["emojis"].array.count == 2)
            #expect(try await api.put("/v3/emoji_categories/\(category)", #"{"emoji_category_id": \#(category), "url": "https://example.com/f2.png"}"#)["url"] == "https://example.com/f2.png")
            let hash = try await api.get("/v3/emoji_categories")["emoji_hash"]
            #expect(try await api.delete("/v3/emojis/wink").json == [:])
            #expect(try await api.get("/v3/emoji_categories")["emoji_hash"] != hash, "the hash follows the set")
            expectError(try await api.get("/v3/emojis/wink"), code: 400201)

            #expect(try await api.put("/v3/applications/settings/use_default_emoji", #"{"use_default_emoji": true}"#).json == ["use_default_emoji": true])
            let all = try await api.get("/v3/emojis")["emojis"].array.map { $0["key"].string ?? "" }
            #expect(all.count == 8 && all.contains("sendbird_emoji_thumbsup"))
            #expect(try await api.put("/v3/applications/settings/use_default_emoji", #"{"use_default_emoji": false}"#).json == ["use_default_emoji": false])
            #expect(try await api.get("/v3/emojis")["emojis"].array.count == 1)
            #expect(try await api.delete("/v3/emoji_categories/\(category)").json == [:])
            #expect(try await api.get("/v3/emojis")["emojis"] == [], "a category goes with its emojis")
            expectError(try await api.get("/v3/emoji_categories/\(category)"), code: 400201)
        }
    }

    @Test func reactionsUseTheApplicationsEmojisOnceItHasAny() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            let sent = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "hi"}"#)
            let path = "/v3/group_channels/room/messages/\(sent["message_id"].int ?? 0)/reactions"
            #expect(try await api.post(path, #"{"user_id": "alice", "reaction": "anything"}"#).status == .ok, "no emojis yet: any key")
            #expect(try await api.put("/v3/applications/settings/use_default_emoji", #"{"use_default_emoji": true}"#).status == .ok)
            expectError(try await api.post(path, #"{"user_id": "alice", "reaction": "anything_else"}"#), code: 400111)
            #expect(try await api.post(path, #"{"user_id": "alice", "reaction": "sendbird_emoji_laughing"}"#).status == .ok)
        }
    }
}
