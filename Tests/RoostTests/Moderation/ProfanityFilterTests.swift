import Testing

/// The profanity and domain filters of a channel custom type, applied to what members send.
@Suite struct ProfanityFilterTests {
    func send(_ api: API, _ text: String, in url: String = "room") async throws -> API.Reply {
        try await api.post("/v3/group_channels/\(url)/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "\#(text)"}"#)
    }

    @Test func theApplicationsFiltersAndEachCustomTypesSettings() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            try await api.createChannel(#"{"channel_url": "kids", "custom_type": "kids", "user_ids": ["alice"]}"#)
            try await api.createChannel(#"{"channel_url": "news", "custom_type": "news", "user_ids": ["alice"]}"#)
            #expect(try await api.get("/v3/applications/settings_global")["profanity_filter"]["type"] == 0)

            // The application's filter reaches every channel whose custom type has no settings.
            let global = try await api.put("/v3/applications/settings_global", #"{"profanity_filter": {"keywords": ["darn"], "type": 1}}"#)
            #expect(global["profanity_filter"]["keywords"] == ["darn"] && global["custom_type"] == nil)
            #expect(try await api.get("/v3/applications/settings_global")["profanity_filter"]["keywords"] == ["darn"])
            #expect(try await send(api, "darn")["message"] == "****")
            #expect(try await send(api, "darn", in: "news")["message"] == "****")

            // A custom type with settings of its own goes through them, and the application's
            // filter too where it says should_check_global.
            let created = try await api.post(
                "/v3/applications/settings_by_channel_custom_type",
                #"{"custom_type": "kids", "profanity_filter": {"keywords": ["heck"], "type": 1}}"#
            )
            #expect(created["custom_type"] == "kids" && created["profanity_filter"]["keywords"] == ["heck"])
            expectError(try await api.post("/v3/applications/settings_by_channel_custom_type", #"{"custom_type": "kids"}"#), code: 400202)
            expectError(try await api.post("/v3/applications/settings_by_channel_custom_type", "{}"), code: 400105)
            #expect(try await send(api, "darn heck", in: "kids")["message"] == "darn ****")
            let checked = try await api.put(
                "/v3/applications/settings_by_channel_custom_type/kids",
                #"{"profanity_filter": {"keywords": ["heck"], "type": 1, "should_check_global": true}}"#
            )
            #expect(checked["profanity_filter"]["should_check_global"] == true)
            #expect(try await send(api, "darn heck", in: "kids")["message"] == "**** ****")
            #expect(try await api.get("/v3/applications/settings_by_channel_custom_type/kids")["profanity_filter"]["should_check_global"] == true)
            expectError(try await api.put("/v3/applications/settings_by_channel_custom_type/news", "{}"), code: 400201)
            expectError(try await api.get("/v3/applications/settings_by_channel_custom_type/news"), code: 400201)

            #expect(try await api.put("/v3/applications/settings_global/news", #"{"domain_filter": {"domains": ["x.example"], "type": 2}}"#).status == .ok)
            let first = try await api.get("/v3/applications/settings_by_channel_custom_type?limit=1")
            #expect(first["channel_custom_type_settings"].array.compactMap { $0["custom_type"].string } == ["kids"])
            let next = try await api.get("/v3/applications/settings_by_channel_custom_type?limit=1&token=\(first["next"].string ?? "")")
            #expect(next["channel_custom_type_settings"].array.compactMap { $0["custom_type"].string } == ["news"] && next["next"] == "")

            #expect(try await api.delete("/v3/applications/settings_by_channel_custom_type/kids").json == [:])
            expectError(try await api.delete("/v3/applications/settings_by_channel_custom_type/kids"), code: 400201)
            #expect(try await send(api, "darn heck", in: "kids")["message"] == "**** heck")
        }
    }

    @Test func replacesBlocksAndShowsWhatItReplaced() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "custom_type": "kids", "user_ids": ["alice"]}"#)
            try await api.createChannel(#"{"channel_url": "lounge", "custom_type": "adults", "user_ids": ["alice"]}"#)
            let set = try await api.put(
                "/v3/applications/settings_global/kids",
                #"{"profanity_filter": {"keywords": "darn,*heck*", "type": 1}, "domain_filter": {"domains": ["spam.example"], "type": 2}}"#
            )
            #expect(set.status == .ok, "\(set)")
            #expect(set["custom_type"] == "kids")
            #expect(set["profanity_filter"]["keywords"].array.compactMap(\.string) == ["darn", "*heck*"])

            let replaced = try await send(api, "Darn it, what the checkers")
            #expect(replaced["message"] == "**** it, what the ********")
            #expect(try await send(api, "darned good")["message"] == "darned good", "a keyword is a whole word")
            let id = try #require(replaced["message_id"].int)
            let shown = try await api.get("/v3/report/group_channels/room/profanity_messages/\(id)")
            #expect(shown["message_text"] == "Darn it, what the checkers" && shown["replaced_text"] == "**** it, what the ********")
            expectError(try await send(api, "visit https://www.SPAM.example/now"), code: 900061)
            #expect(try await send(api, "darn", in: "lounge")["message"] == "darn", "other custom types are not filtered")

            #expect(try await api.put("/v3/applications/settings_global/kids", #"{"profanity_filter": {"keywords": ["darn"], "regex_filters": [{"regex": "b[a@]d"}], "type": 2}}"#).status == .ok)
            expectError(try await send(api, "so b@d"), code: 900060)
            expectError(try await send(api, "darn"), code: 900060)
            expectError(try await api.put("/v3/group_channels/room/messages/\(id)", #"{"message": "darn again"}"#), code: 900060)
            let categories = try await api.get("/roost/events?category=profanity_filter:replace&category=profanity_filter:block")["events"].array
            #expect(categories.map { $0["category"].string ?? "" } == ["profanity_filter:replace", "profanity_filter:block", "profanity_filter:block", "profanity_filter:block"])
            #expect(categories[0]["payload"]["replaced_text"] == "Darn it, what the checkers")
            #expect(categories[1]["payload"]["message"] == "visit https://www.SPAM.example/now")

            expectError(try await api.put("/v3/applications/settings_global/kids", #"{"profanity_filter": {"regex_filters": [{"regex": "(unclosed"}], "type": 2}}"#), code: 400111)
            expectError(try await api.put("/v3/applications/settings_global/kids", #"{"profanity_filter": {"type": 7}}"#), code: 400113)
            expectError(try await api.put("/v3/applications/settings_global/kids", #"{"profanity_filter": {"regex_filters": [{"regex": "(a+)+$"}], "type": 2}}"#), code: 400111)
            expectError(try await api.get("/v3/report/group_channels/room/profanity_messages/999"), code: 400201)
        }
    }

    @Test func repeatedViolationsMuteKickOrBan() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "room", "custom_type": "kids", "user_ids": ["alice", "bob"]}"#)
            #expect(try await api.post("/v3/open_channels", #"{"channel_url": "hall", "custom_type": "kids"}"#).status == .ok)
            func moderate(action: Int, count: Int = 2) async throws {
                let body = #"{"profanity_filter": {"keywords": ["darn"], "type": 1}, "profanity_triggered_moderation": {"count": \#(count), "duration": 60, "action": \#(action)}}"#
                #expect(try await api.put("/v3/applications/settings_global/kids", body).status == .ok)
            }

            try await moderate(action: 1)
            #expect(try await send(api, "darn")["message"] == "****")
            #expect(try await send(api, "fine words")["message"] == "fine words", "one violation of two")
            #expect(try await send(api, "darn")["message"] == "****", "the second goes through, then the penalty")
            expectError(try await send(api, "hello"), code: 900041)
            #expect(try await api.get("/v3/group_channels/room/mute/alice")["is_muted"] == true)
            #expect(try await api.delete("/v3/group_channels/room/mute/alice").status == .ok)
            #expect(try await send(api, "darn")["message"] == "****", "lifting the mute starts the count afresh")

            try await moderate(action: 3, count: 1)
            #expect(try await api.put("/v3/applications/settings_global/kids", #"{"profanity_filter": {"keywords": ["darn"], "type": 2}}"#).status == .ok)
            expectError(try await send(api, "darn"), code: 900060)
            expectError(try await send(api, "hello"), code: 900020)
            #expect(try await api.get("/v3/group_channels/room/ban/alice")["user"]["user_id"] == "alice")
            #expect(try await api.get("/v3/group_channels/room/members")["members"].array.map { $0["user_id"].string ?? "" } == ["bob"])

            try await moderate(action: 2, count: 1)
            let hall = #"{"message_type": "MESG", "user_id": "bob", "message": "darn"}"#
            #expect(try await api.post("/v3/open_channels/hall/messages", hall)["message"] == "****")
            #expect(try await api.get("/v3/open_channels/hall")["participant_count"] == 0, "entered by sending, then kicked out")
            let moderated = try await api.get("/roost/events?category=profanity_filter:moderate")["events"].array
            #expect(moderated.map { $0["payload"]["moderation_action"].string ?? "" } == ["mute", "ban", "kick"])
            #expect(moderated[0]["payload"]["sender"]["user_id"] == "alice" && moderated[0]["payload"]["channel"]["channel_url"] == "room")
            #expect(try await api.get("/roost/events?category=open_channel:exit")["events"].array.count == 1)

            expectError(try await api.put("/v3/applications/settings_global/kids", #"{"profanity_triggered_moderation": {"count": 1, "duration": 0, "action": 1}}"#), code: 400113)
            expectError(try await api.put("/v3/applications/settings_global/kids", #"{"profanity_triggered_moderation": {"count": -1, "duration": 5, "action": 1}}"#), code: 400106)
        }
    }
}
