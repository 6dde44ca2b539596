import Testing

/// Polls: made, sent in a message, voted on, closed by hand or by the clock.
@Suite struct PollTests {
    @Test func pollsAreMadeSentVotedAndClosed() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob", "carol"]}"#)
            let created = try await api.post(
                "/v3/polls", #"{"title": "Lunch?", "options": ["pizza", "sushi"], "created_by": "alice", "data": {"z": 1, "a": "x"}, "allow_multiple_votes": true}"#
            )
            #expect(created.status == .ok, "\(created)")
            let id = try #require(created["id"].int)
            #expect(created["status"] == "open" && created["close_at"] == -1 && created["created_by"] == "alice" && created["voter_count"] == 0)
            #expect(created["created_at"].int == Int(clock.now / 1000) && created["updated_at"] == 0 && created["message_id"] == .null)
            #expect(created["data"] == ["a": "x", "z": 1])
            let options = created["options"].array
            #expect(options.map { $0["text"].string ?? "" } == ["pizza", "sushi"] && options[0]["vote_count"] == 0)
            let (pizza, sushi) = (try #require(options[0]["id"].int), try #require(options[1]["id"].int))

            let sent = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "vote!", "poll_id": \#(id)}"#)
            #expect(sent["poll"]["id"].int == id && sent["poll"]["message_id"] == sent["message_id"] && sent["poll"]["options"] == .null)
            expectError(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "again", "poll_id": \#(id)}"#), code: 400111)

            let voted = try await api.put("/v3/polls/\(id)/vote", #"{"user_id": "bob", "option_ids": [\#(pizza), \#(sushi)]}"#)
            #expect(voted["voted_option_ids"] == [.number(Double(pizza)), .number(Double(sushi))] && voted["voter_count"] == 1)
            #expect(try await api.put("/v3/polls/\(id)/vote", #"{"user_id": "carol", "option_ids": [\#(sushi)]}"#)["voter_count"] == 2)
            let changed = try await api.put("/v3/polls/\(id)/vote", #"{"user_id": "bob", "option_ids": []}"#)
            #expect(changed["voter_count"] == 1 && changed["options"][1]["vote_count"] == 1, "an empty choice cancels bob's votes")
            let voters = try await api.get("/v3/polls/\(id)/options/\(sushi)/voters")
            #expect(voters["vote_count"] == 1 && voters["voters"].array.map { $0["user_id"].string ?? "" } == ["carol"])
            let detailed = try await api.get("/v3/group_channels/room/messages/\(sent["message_id"].int ?? 0)?include_poll_details=true")
            #expect(detailed["poll"]["options"][1]["vote_count"] == 1)

            expectError(try await api.post("/v3/polls/\(id)/options", #"{"text": "tacos", "created_by": "bob"}"#), code: 400108)
            let added = try await api.post("/v3/polls/\(id)/options", #"{"text": "tacos", "created_by": "alice"}"#)
            #expect(added["options"].array.count == 3)
            let tacos = try #require(added["options"][2]["id"].int)
            #expect(try await api.get("/v3/polls/\(id)/options/\(tacos)")["text"] == "tacos")
            #expect(try await api.put("/v3/polls/\(id)/options/\(tacos)", #"{"text": "burritos"}"#)["options"][2]["text"] == "burritos")
            #expect(try await api.delete("/v3/polls/\(id)/options/\(tacos)").json == [:])
            expectError(try await api.get("/v3/polls/\(id)/options/\(tacos)"), code: 400201)

            let listed = try await api.get("/v3/polls?channel_url=room&channel_type=group_channels")["polls"].array
            #expect(listed.map { $0["id"].int ?? 0 } == [id])
            expectError(try await api.get("/v3/polls?channel_url=room"), code: 400105)

            let closed = try await api.put("/v3/polls/\(id)/close", "")
            #expect(closed["status"] == "closed" && closed["close_at"].int == Int(clock.now / 1000))
            expectError(try await api.put("/v3/polls/\(id)/vote", #"{"user_id": "bob", "option_ids": [\#(pizza)]}"#), code: 400111)

            let single = try await api.post("/v3/polls", #"{"title": "One?", "options": ["a", "b"], "close_at": \#(clock.now / 1000 + 60)}"#)
            let singleID = try #require(single["id"].int)
            let first = try #require(single["options"][0]["id"].int), second = try #require(single["options"][1]["id"].int)
            expectError(try await api.put("/v3/polls/\(singleID)/vote", #"{"user_id": "bob", "option_ids": [\#(first), \#(second)]}"#), code: 400111)
            clock.advance(milliseconds: 61_000)
            #expect(try await eventually { try await api.get("/v3/polls/\(singleID)")["status"] == "closed" }, "closed by the scheduler at close_at")

            expectError(try await api.post("/v3/polls", #"{"title": "Empty", "options": []}"#), code: 400111)
            expectError(try await api.post("/v3/polls", #"{"options": ["a"]}"#), code: 400105)
            expectError(try await api.post("/v3/polls", #"{"title": "Past", "options": ["a"], "close_at": 5}"#), code: 400111)
            // Seconds that overflow once counted in milliseconds are refused, on creation and update.
            expectError(try await api.post("/v3/polls", #"{"title": "Far", "options": ["a"], "close_at": 9223372036854776}"#), code: 400111)
            expectError(try await api.put("/v3/polls/\(id)", #"{"close_at": 9223372036854775807}"#), code: 400111)
            expectError(try await api.post("/v3/polls", #"{"title": "Data", "options": ["a"], "data": "text"}"#), code: 400103)
            // Sendbird's pages: a title of 2,048 characters at creation, of 2,000 on update.
            let long = try await api.post("/v3/polls", #"{"title": "\#(String(repeating: "t", count: 2048))", "options": ["a"]}"#)
            #expect(long.status == .ok)
            let longID = long["id"].int ?? 0
            expectError(try await api.put("/v3/polls/\(longID)", #"{"title": "\#(String(repeating: "t", count: 2001))"}"#), code: 400110)
            #expect(try await api.put("/v3/polls/\(longID)", #"{"title": "\#(String(repeating: "t", count: 2000))"}"#).status == .ok)
            #expect(try await api.delete("/v3/polls/\(id)").json == [:])
            expectError(try await api.get("/v3/polls/\(id)"), code: 400201)
            let after = try await api.get("/v3/group_channels/room/messages/\(sent["message_id"].int ?? 0)")
            #expect(after["poll"] == .null, "a deleted poll leaves its message")
        }
    }

    /// A send may ask for its poll in full, as a read of the message may.
    @Test func aSendMayAnswerWithThePollInFull() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            let poll = try await api.post("/v3/polls", #"{"title": "Dinner?", "options": ["soup"], "created_by": "alice"}"#)["id"].int ?? 0
            let full = try await api.post(
                "/v3/group_channels/room/messages",
                #"{"message_type": "MESG", "user_id": "alice", "message": "and?", "poll_id": \#(poll), "include_poll_details": true}"#
            )
            #expect(full["poll"]["options"][0]["text"] == "soup" && full["poll"]["options"][0]["vote_count"] == 0, "\(full)")
        }
    }
}
