import Testing

/// The profanity and domain filters of a channel custom type, applied to what members send.
@Suite struct ProfanityFilterTests {
    func send(_ api: API, _ text: String, in url: String = "room") async throws -> API.Reply {
        try await api.post("/v3/group_channels/\(url)/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "\#(text)"}"#)
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
}
