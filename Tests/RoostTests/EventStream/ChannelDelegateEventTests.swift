import Testing

/// What a channel delegate in Sendbird's SDKs hears, on the live streams: each happening is in
/// the master stream, and in a user's own stream only when that user's app would be told.
@Suite struct ChannelDelegateEventTests {
    /// Who was told of each event after `since`: `category` maps to the readers whose stream
    /// holds it (`*` for the master stream).
    func told(_ api: API, since: Int, readers: [String]) async throws -> [String: Set<String>] {
        var heard: [String: Set<String>] = [:]
        for reader in ["*"] + readers {
            let query = reader == "*" ? "" : "&user_id=\(reader)"
            for event in try await api.get("/roost/events?limit=1000&since=\(since)\(query)")["events"].array {
                heard[event["category"].string ?? "", default: []].insert(reader)
            }
        }
        return heard
    }

    func lastSeq(_ api: API) async throws -> Int {
        try await api.get("/roost/events?limit=1000")["events"].array.last?["seq"].int ?? 0
    }

    /// Ann and Bob share a room; Olga is in none of it.
    func room(_ api: API) async throws {
        try await api.createUsers("ann", "bob", "olga")
        try await api.createChannel(#"{"channel_url": "room", "user_ids": ["ann", "bob"]}"#)
    }

    @Test func typingIsToldToTheOtherMembers() async throws {
        try await withServer { api in
            try await room(api)
            let since = try await lastSeq(api)
            #expect(try await api.post("/v3/group_channels/room/typing", #"{"user_ids": ["bob"]}"#).status == .ok)
            #expect(try await api.call(.delete, "/v3/group_channels/room/typing", body: #"{"user_ids": ["bob"]}"#).status == .ok)
            let heard = try await told(api, since: since, readers: ["ann", "bob", "olga"])
            #expect(heard == ["roost:typing_start": ["*", "ann"], "roost:typing_end": ["*", "ann"]])
            let event = try await api.get("/roost/events?since=\(since)&user_id=ann")["events"][0]["payload"]
            #expect(event["user"]["user_id"] == "bob" && event["channel"]["channel_url"] == "room" && event["started_at"].int != nil)
        }
    }

    @Test func deliveryReceiptsAndThreadsAreToldToTheMembers() async throws {
        try await withServer { api in
            try await room(api)
            let parent = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "ann", "message": "question"}"#)["message_id"].int!
            let since = try await lastSeq(api)
            #expect(try await api.put("/v3/group_channels/room/messages/mark_as_delivered", #"{"user_id": "bob"}"#).status == .ok)
            #expect(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "answer", "parent_message_id": \#(parent)}"#).status == .ok)
            let heard = try await told(api, since: since, readers: ["ann", "bob", "olga"])
            #expect(heard["roost:delivery_receipt"] == ["*", "ann", "bob"])
            #expect(heard["roost:thread_info_update"] == ["*", "ann", "bob"])
            let thread = try await api.get("/roost/events?since=\(since)&category=roost:thread_info_update")["events"][0]["payload"]
            #expect(thread["parent_message_id"].int == parent && thread["reply_count"] == 1)
        }
    }

    @Test func metadataAndMetaCounterChangesAreToldToTheMembers() async throws {
        try await withServer { api in
            try await room(api)
            let since = try await lastSeq(api)
            #expect(try await api.post("/v3/group_channels/room/metadata", #"{"metadata": {"mood": "calm"}}"#).status == .ok)
            // An upsert tells the new key as created and the existing one as updated.
            #expect(try await api.put("/v3/group_channels/room/metadata", #"{"metadata": {"mood": "busy", "topic": "tea"}, "upsert": true}"#).status == .ok)
            #expect(try await api.delete("/v3/group_channels/room/metadata/mood").status == .ok)
            #expect(try await api.post("/v3/group_channels/room/metacounter", #"{"metacounter": {"visits": 1}}"#).status == .ok)
            #expect(try await api.put("/v3/group_channels/room/metacounter", #"{"metacounter": {"visits": 2}, "mode": "increase"}"#).status == .ok)
            #expect(try await api.delete("/v3/group_channels/room/metacounter").status == .ok)
            let heard = try await told(api, since: since, readers: ["ann", "olga"])
            let kinds = ["metadata_create", "metadata_update", "metadata_delete", "metacounter_create", "metacounter_update", "metacounter_delete"]
            #expect(heard == Dictionary(uniqueKeysWithValues: kinds.map { ("roost:\($0)", Set(["*", "ann"])) }))
            let events = try await api.get("/roost/events?since=\(since)")["events"].array.map(\.["payload"])
            #expect(events[1]["metadata"] == ["topic": "tea"] && events[2]["metadata"] == ["mood": "busy"])
            #expect(events[3]["keys"] == ["mood"] && events[5]["metacounter"] == ["visits": 3] && events[6]["keys"] == ["visits"])
        }
    }

    @Test func mutesAndBansAreToldToTheMembersAndTheUser() async throws {
        try await withServer { api in
            try await room(api)
            let since = try await lastSeq(api)
            #expect(try await api.post("/v3/group_channels/room/mute", #"{"user_id": "bob", "seconds": 60}"#).status == .ok)
            #expect(try await api.delete("/v3/group_channels/room/mute/bob").status == .ok)
            let heard = try await told(api, since: since, readers: ["ann", "bob", "olga"])
            #expect(heard == ["roost:user_mute": ["*", "ann", "bob"], "roost:user_unmute": ["*", "ann", "bob"]])

            let banned = try await lastSeq(api)
            #expect(try await api.post("/v3/group_channels/room/ban", #"{"user_id": "bob", "seconds": 60}"#).status == .ok)
            #expect(try await api.delete("/v3/group_channels/room/ban/bob").status == .ok)
            let bans = try await told(api, since: banned, readers: ["ann", "bob", "olga"])
            // Bob is out of the room once banned, yet hears of his own ban and its end.
            #expect(bans["roost:user_ban"] == ["*", "ann", "bob"] && bans["roost:user_unban"] == ["*", "ann", "bob"])
            let ban = try await api.get("/roost/events?since=\(banned)&category=roost:user_ban")["events"][0]["payload"]
            #expect(ban["user"]["user_id"] == "bob" && ban["end_at"].int != nil)
        }
    }

    @Test func hidingIsToldToTheMemberWhoHid() async throws {
        try await withServer { api in
            try await room(api)
            let since = try await lastSeq(api)
            #expect(try await api.put("/v3/group_channels/room/hide", #"{"user_id": "bob", "hide_previous_messages": true}"#).status == .ok)
            #expect(try await api.delete("/v3/group_channels/room/hide?user_id=bob").status == .ok)
            let heard = try await told(api, since: since, readers: ["ann", "bob", "olga"])
            #expect(heard == ["roost:channel_hide": ["*", "bob"], "roost:channel_unhide": ["*", "bob"]])
        }
    }

    @Test func openChannelChangesAreToldToItsParticipants() async throws {
        try await withServer { api in
            try await api.createUsers("ann", "olga")
            #expect(try await api.post("/v3/open_channels", #"{"channel_url": "hall", "name": "Hall"}"#).status == .ok)
            #expect(try await api.post("/v3/open_channels/hall/messages", #"{"message_type": "MESG", "user_id": "ann", "message": "hi"}"#).status == .ok)
            let since = try await lastSeq(api)
            #expect(try await api.put("/v3/open_channels/hall", #"{"name": "Big hall"}"#).status == .ok)
            #expect(try await api.put("/v3/open_channels/hall/freeze", #"{"freeze": true}"#).status == .ok)
            let heard = try await told(api, since: since, readers: ["ann", "olga"])
            #expect(heard == ["roost:open_channel_changed": ["*", "ann"], "roost:open_channel_freeze_unfreeze": ["*", "ann"]])
            let changed = try await api.get("/roost/events?since=\(since)")["events"][0]["payload"]
            #expect(changed["changes"] == [["key": "name", "old": "Hall", "new": "Big hall"]])
        }
    }

    @Test func anInvitationThatEndsDistinctnessIsAChange() async throws {
        try await withServer { api in
            try await api.createUsers("ann", "bob", "cid")
            try await api.createChannel(#"{"channel_url": "pair", "user_ids": ["ann", "bob"], "is_distinct": true}"#)
            let since = try await lastSeq(api)
            #expect(try await api.post("/v3/group_channels/pair/invite", #"{"user_ids": ["cid"]}"#).status == .ok)
            let changed = try await api.get("/roost/events?since=\(since)&category=group_channel:changed")["events"].array
            #expect(changed.map(\.["payload"]["changes"]) == [[["key": "is_distinct", "old": "true", "new": "false"]]])
        }
    }

    @Test func roostsOwnCategoriesAreNeverWebhooks() async throws {
        try await withServer { api in
            expectError(try await api.put("/v3/applications/settings/webhook", #"{"enabled": true, "url": "http://127.0.0.1:9/", "enabled_events": ["roost:typing_start"]}"#), code: 400111)
            let all = try await api.get("/v3/applications/settings/webhook?display_all_webhook_categories=true")["webhook"]["all_webhook_categories"].array
            #expect(!all.isEmpty && !all.contains { $0.string?.hasPrefix("roost:") == true })
        }
    }

    /// A stream resumed after its user left, was banned or saw the channel deleted still
    /// carries the channel's events from while they belonged to it, and the deletion itself;
    /// nothing after they went.
    @Test func aResumedStreamKeepsWhatHappenedWhileTheUserBelonged() async throws {
        try await withServer { api in
            try await api.createUsers("ann", "bob", "cid", "dan", "olga")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["ann", "bob", "cid", "dan"]}"#)
            try await api.createChannel(#"{"channel_url": "gone", "user_ids": ["ann", "bob"]}"#)
            let since = try await lastSeq(api)
            for (channel, text) in [("room", "before"), ("gone", "last words")] {
                #expect(try await api.post("/v3/group_channels/\(channel)/messages", #"{"message_type": "MESG", "user_id": "ann", "message": "\#(text)"}"#).status == .ok)
            }
            #expect(try await api.put("/v3/group_channels/room/leave", #"{"user_ids": ["bob"]}"#).status == .ok)
            #expect(try await api.post("/v3/group_channels/room/ban", #"{"user_id": "cid", "seconds": 60}"#).status == .ok)
            #expect(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "ann", "message": "after"}"#).status == .ok)
            #expect(try await api.delete("/v3/group_channels/gone").status == .ok)
            let heard = try await told(api, since: since, readers: ["ann", "bob", "cid", "dan", "olga"])
            #expect(heard["group_channel:message_send"] == ["*", "ann", "bob", "cid", "dan"])
            #expect(heard["group_channel:remove"] == ["*", "ann", "bob"])
            for (reader, texts) in [("bob", ["before", "last words"]), ("cid", ["before"]), ("dan", ["before", "after"])] {
                let sent = try await api.get("/roost/events?since=\(since)&user_id=\(reader)&category=group_channel:message_send")["events"].array
                #expect(sent.map { $0["payload"]["payload"]["message"].string ?? "" } == texts, "\(reader)")
            }
        }
    }
}
