import Testing

/// Pinning messages to a group channel.
@Suite struct PinnedMessageTests {
    @Test func pinsShowOnTheChannelUpToTen() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            var ids: [Int] = []
            for number in 0..<12 {
                let sent = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "m\#(number)"}"#)
                ids.append(try #require(sent["message_id"].int))
            }
            let pinned = try await api.post("/v3/group_channels/room/messages/\(ids[0])/pin", "")
            #expect(pinned.status == .ok, "\(pinned)")
            #expect(pinned["channel_url"] == "room" && pinned["pinned_message_ids"] == [.number(Double(ids[0]))])
            #expect(pinned["latest_pinned_message"]["message"] == "m0")
            #expect(try await api.post("/v3/group_channels/room/messages/\(ids[0])/pin", "").status == .ok, "pinning again changes nothing")
            for id in ids[1..<10] { #expect(try await api.post("/v3/group_channels/room/messages/\(id)/pin", "").status == .ok) }
            expectError(try await api.post("/v3/group_channels/room/messages/\(ids[10])/pin", ""), code: 400203)
            let view = try await api.get("/v3/group_channels/room")
            #expect(view["pinned_message_ids"].array.count == 10 && view["latest_pinned_message"]["message"] == "m9")

            let unpinned = try await api.delete("/v3/group_channels/room/messages/\(ids[9])/pin")
            #expect(unpinned["latest_pinned_message"]["message"] == "m8")
            expectError(try await api.delete("/v3/group_channels/room/messages/\(ids[9])/pin"), code: 400201)
            #expect(try await api.delete("/v3/group_channels/room/messages/\(ids[8])").status == .ok)
            #expect(try await api.get("/v3/group_channels/room")["pinned_message_ids"].array.count == 8, "a deleted message is unpinned")

            let sent = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "pin me", "pin_message": true}"#)
            #expect(try await api.get("/v3/group_channels/room")["latest_pinned_message"]["message_id"] == sent["message_id"])
            expectError(try await api.post("/v3/group_channels/room/messages/999999/pin", ""), code: 400201)

            #expect(try await api.post("/v3/open_channels", #"{"channel_url": "hall"}"#).status == .ok)
            let said = try await api.post("/v3/open_channels/hall/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "hi"}"#)
            expectError(try await api.post("/v3/open_channels/hall/messages/\(said["message_id"].int ?? 0)/pin", ""), code: 400920)
        }
    }
}
