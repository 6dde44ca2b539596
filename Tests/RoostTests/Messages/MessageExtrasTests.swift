import Foundation
import Testing

@Suite struct MessageExtrasTests {
    @Test func reactions() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            let id = try await api.say("alice", "nice", in: "chat")["message_id"].int!
            let base = "/v3/group_channels/chat/messages/\(id)/reactions"
            let added = try await api.post(base, #"{"user_id": "bob", "reaction": "smile"}"#)
            #expect(added.json == ["reaction": "smile", "user_id": "bob", "success": true, "msg_id": .number(Double(id)), "updated_at": 1_700_000_000_000, "operation": "ADD"])
            #expect(try await api.post(base, #"{"user_id": "alice", "reaction": "smile"}"#).status == .ok)
            #expect(try await api.post(base, #"{"user_id": "alice", "reaction": "heart"}"#).status == .ok)
            #expect(try await api.get("\(base)?list_users=true").json == ["smile": ["bob", "alice"], "heart": ["alice"]])
            #expect(try await api.get(base).json == ["smile": 2, "heart": 1])

            let message = try await api.get("/v3/group_channels/chat/messages/\(id)?include_reactions=true")
            #expect(message["reactions"][0]["key"] == "smile")
            #expect(message["reactions"][0]["user_ids"] == ["bob", "alice"])

            // Sendbird's pages: the same add or removal again fails, with no time.
            #expect(try await api.post(base, #"{"user_id": "bob", "reaction": "smile"}"#).json
                == ["reaction": "smile", "user_id": "bob", "success": false, "msg_id": .number(Double(id)), "operation": "ADD"])
            let removed = try await api.delete("\(base)?user_id=alice&reaction=smile")
            #expect(removed["operation"] == "DELETE" && removed["success"] == true)
            let again = try await api.delete("\(base)?user_id=alice&reaction=smile")
            #expect(again["success"] == false && again["updated_at"] == .null)
            #expect(try await api.get("\(base)?list_users=true").json == ["smile": ["bob"], "heart": ["alice"]])

            expectError(try await api.post(base, #"{"user_id": "carol", "reaction": "smile"}"#), code: 400108)

            // Turned off for the application: nobody adds a reaction; removing still works.
            #expect(try await api.put("/v3/applications/settings/reactions", #"{"enabled": false}"#).json == ["reactions": false])
            expectError(try await api.post(base, #"{"user_id": "bob", "reaction": "wave"}"#), code: 400108)
            #expect(try await api.delete("\(base)?user_id=alice&reaction=heart").status == .ok)
            #expect(try await api.put("/v3/applications/settings/reactions", #"{"enabled": true}"#).json == ["reactions": true])
            #expect(try await api.post(base, #"{"user_id": "alice", "reaction": "heart"}"#).status == .ok)
            expectError(try await api.put("/v3/applications/settings/reactions", "{}"), code: 400105)
            expectError(try await api.post(base, #"{"user_id": "bob", "reaction": ""}"#), code: 400105)
            // A reaction key is at most 30 characters long.
            #expect(try await api.post(base, #"{"user_id": "bob", "reaction": "\#(String(repeating: "k", count: 30))"}"#).status == .ok)
            expectError(try await api.post(base, #"{"user_id": "bob", "reaction": "\#(String(repeating: "k", count: 31))"}"#), code: 400110)
            expectError(try await api.post("/v3/group_channels/chat/messages/999/reactions", #"{"user_id": "bob", "reaction": "x"}"#), code: 400201)
            // Up to 20 different keys a message; more users may still take one it has.
            for number in 0..<17 { #expect(try await api.post(base, #"{"user_id": "bob", "reaction": "r\#(number)"}"#).status == .ok) }
            #expect(try await api.get(base).json.object.count == 20)
            expectError(try await api.post(base, #"{"user_id": "bob", "reaction": "one-too-many"}"#), code: 400203)
            #expect(try await api.post(base, #"{"user_id": "alice", "reaction": "r0"}"#)["success"] == true)
            #expect(try await api.post("/v3/open_channels", #"{"channel_url": "lobby"}"#).status == .ok)
            let openID = try await api.send("lobby", #"{"message_type": "MESG", "user_id": "alice", "message": "x"}"#, channelType: "open_channels")["message_id"].int!
            expectError(try await api.post("/v3/open_channels/lobby/messages/\(openID)/reactions", #"{"user_id": "bob", "reaction": "x"}"#), code: 400111)
        }
    }

    @Test func sortedMetaArrays() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice"]}"#)
            let id = try await api.say("alice", "tagged", in: "chat")["message_id"].int!
            let base = "/v3/group_channels/chat/messages/\(id)/sorted_metaarray"
            #expect(try await api.post(base, #"{"sorted_metaarray": [{"key": "tags", "value": ["a", "b"]}]}"#).json
                == ["sorted_metaarray": [["key": "tags", "value": ["a", "b"]]]])
            #expect(try await api.post(base, #"{"sorted_metaarray": "[{\"key\": \"owner\", \"value\": [\"alice\"]}]"}"#).status == .ok)
            expectError(try await api.post(base, #"{"sorted_metaarray": [{"key": "tags", "value": ["c"]}]}"#), code: 400202)
            #expect(try await api.put(base, #"{"sorted_metaarray": [{"key": "tags", "value": ["c", "a"]}], "mode": "add"}"#)["sorted_metaarray"][0]
                == ["key": "tags", "value": ["a", "b", "c"]])
            #expect(try await api.put(base, #"{"sorted_metaarray": [{"key": "tags", "value": ["a"]}], "mode": "remove"}"#)["sorted_metaarray"][0]
                == ["key": "tags", "value": ["b", "c"]])
            expectError(try await api.put(base, #"{"sorted_metaarray": [{"key": "new", "value": ["x"]}], "mode": "add"}"#), code: 400201)
            #expect(try await api.put(base, #"{"sorted_metaarray": [{"key": "new", "value": ["x"]}], "mode": "add", "upsert": true}"#)["sorted_metaarray"].array.count == 3)
            // The deprecated `metaarray` still adds; keys may be listed with spaces, as Sendbird's page does.
            #expect(try await api.post(base, #"{"metaarray": [{"key": "old", "value": ["1"]}]}"#).status == .ok)
            #expect(try await api.delete("\(base)?keys=owner,%20new,%20old").json == [:])
            let message = try await api.get("/v3/group_channels/chat/messages/\(id)?with_sorted_meta_array=true")
            #expect(message["sorted_metaarray"] == [["key": "tags", "value": ["b", "c"]]])
            expectError(try await api.put(base, #"{"sorted_metaarray": [], "mode": "twist"}"#), code: 400111)
            expectError(try await api.delete(base), code: 400105)
        }
    }

    @Test func translationSaysThereIsNoEngine() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice"]}"#)
            let id = try await api.send("chat", #"{"message_type": "MESG", "user_id": "alice", "message": "hola", "target_langs": ["en"]}"#)["message_id"].int!
            #expect(try await api.get("/v3/group_channels/chat/messages/\(id)")["translations"] == [:])
            let reply = try await api.post("/v3/group_channels/chat/messages/\(id)/translation", #"{"target_langs": ["en"]}"#)
            expectError(reply, code: 400111)
            #expect(reply["message"].string?.contains("translation engine") == true)
            expectError(try await api.post("/v3/group_channels/chat/messages/999/translation", #"{"target_langs": ["en"]}"#), code: 400201)
        }
    }
}
