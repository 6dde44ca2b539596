import Testing

/// Device tokens and push preferences through the push routes, each change with its event.
@Suite struct PushTests {
    @Test func deviceTokensRegisterMoveListAndGo() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            let added = try await api.post("/v3/users/alice/push/gcm", #"{"gcm_reg_token": "fcm:a/b", "apns_device_token": ""}"#)
            #expect(added.status == .ok, "\(added)")
            #expect(added["token"] == "fcm:a/b" && added["type"] == "GCM" && added["user"]["user_id"] == "alice")
            #expect(try await api.post("/v3/users/alice/push/apns", #"{"apns_device_token": "abcdef"}"#).status == .ok)

            let listed = try await api.get("/v3/users/alice/push/gcm")
            #expect(listed["tokens"].array.compactMap(\.string) == ["fcm:a/b"])
            #expect(listed["token"] == listed["tokens"])
            let owners = try await api.get("/v3/push/device_tokens/gcm/fcm%3Aa%2Fb")
            #expect(owners.json == .array([.object(["user_id": "alice"])]))

            // Registering a token for another user moves it.
            #expect(try await api.post("/v3/users/bob/push/gcm", #"{"gcm_reg_token": "fcm:a/b"}"#).status == .ok)
            #expect(try await api.get("/v3/users/alice/push/gcm")["tokens"].array.isEmpty)
            #expect(try await api.get("/v3/push/device_tokens/gcm/fcm%3Aa%2Fb").json == .array([.object(["user_id": "bob"])]))

            let removed = try await api.delete("/v3/users/bob/push/gcm/fcm%3Aa%2Fb")
            #expect(removed["user"]["user_id"] == "bob" && removed["token"] == ["fcm:a/b"])
            #expect(try await api.get("/v3/push/device_tokens/gcm/fcm%3Aa%2Fb").json == .array([]))
            let removedAll = try await api.delete("/v3/users/alice/push")
            #expect(removedAll["user"]["user_id"] == "alice" && removedAll["token"] == ["abcdef"])
            #expect(try await api.get("/v3/users/alice/push/apns")["tokens"].array.isEmpty)

            let categories = try await api.get("/roost/events?category=user:device_token_register&category=user:device_token_unregister")["events"].array
            #expect(categories.map { $0["category"].string ?? "" } == [
                "user:device_token_register", "user:device_token_register", "user:device_token_unregister",
                "user:device_token_register", "user:device_token_unregister", "user:device_token_unregister",
            ])

            #expect(try await api.post("/v3/users/bob/push/gcm", #"{"gcm_reg_token": "t1"}"#).status == .ok)
            #expect(try await api.delete("/v3/push/device_tokens/gcm/t1").json == .array([.object(["user_id": "bob"])]))
            #expect(try await api.get("/v3/users/bob/push/gcm")["tokens"] == [])
            #expect(try await api.delete("/v3/push/device_tokens/gcm/t1").json == .array([]))

            expectError(try await api.post("/v3/users/alice/push/voip", #"{"gcm_reg_token": "x"}"#), code: 400111)
            expectError(try await api.post("/v3/users/alice/push/gcm", #"{"apns_device_token": "x"}"#), code: 400105)
            expectError(try await api.post("/v3/users/nobody/push/gcm", #"{"gcm_reg_token": "x"}"#), code: 400201)
        }
    }

    @Test func aUserKeepsTwentyTokensOfAType() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice")
            for number in 0..<22 {
                clock.advance(milliseconds: 1)
                #expect(try await api.post("/v3/users/alice/push/huawei", #"{"huawei_device_token": "t\#(number)"}"#).status == .ok)
            }
            let tokens = try await api.get("/v3/users/alice/push/huawei")["tokens"].array.compactMap(\.string)
            #expect(tokens == (2..<22).map { "t\($0)" })
        }
    }

    @Test func preferencesForTheUserAndEachChannel() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            let defaults = try await api.get("/v3/users/alice/push_preference")
            #expect(defaults["push_trigger_option"] == "all" && defaults["timezone"] == "UTC" && defaults["do_not_disturb"] == false)
            #expect(defaults["snooze_enabled"] == false && defaults["snooze_start_ts"].int == 0 && defaults["snooze_end_ts"].int == 0)

            let updated = try await api.put(
                "/v3/users/alice/push_preference",
                #"{"push_trigger_option": "mention_only", "do_not_disturb": true, "start_hour": 22, "end_hour": 7, "timezone": "Asia/Seoul", "push_blocked_bot_ids": [1, 2]}"#
            )
            #expect(updated["push_trigger_option"] == "mention_only" && updated["start_hour"].int == 22 && updated["timezone"] == "Asia/Seoul")
            #expect(updated["push_blocked_bot_ids"].array.compactMap(\.string) == ["1", "2"])
            #expect(updated["snooze_start_ts"].int == 0)
            #expect(try await api.get("/v3/users/alice/push_preference")["end_hour"].int == 7)
            let snooze = #"{"snooze_enabled": true, "snooze_start_ts": 1700000000000, "snooze_end_ts": 1700000600000}"#
            #expect(try await api.put("/v3/users/alice/push_preference", snooze)["snooze_end_ts"].int == 1_700_000_600_000)
            let snoozed = try await api.get("/v3/users/alice/push_preference")
            #expect(snoozed["snooze_enabled"] == true && snoozed["snooze_start_ts"].int == 1_700_000_000_000 && snoozed["snooze_end_ts"].int == 1_700_000_600_000)
            expectError(try await api.put("/v3/users/alice/push_preference", #"{"timezone": "Mars/Olympus"}"#), code: 400111)
            expectError(try await api.put("/v3/users/alice/push_preference", #"{"start_hour": 24}"#), code: 400113)
            expectError(try await api.put("/v3/users/alice/push_preference", #"{"push_trigger_option": "loud"}"#), code: 400111)
            #expect(try await api.get("/v3/users/alice/push_preference")["start_hour"].int == 22, "refused changes change nothing")

            // A reset puts back the quiet times, time zone and sound, and keeps the rest.
            #expect(try await api.delete("/v3/users/alice/push_preference").status == .ok)
            let reset = try await api.get("/v3/users/alice/push_preference")
            #expect(reset["do_not_disturb"] == false && reset["start_hour"].int == 0 && reset["end_hour"].int == 0 && reset["timezone"] == "UTC")
            #expect(reset["snooze_enabled"] == false && reset["snooze_start_ts"].int == 0 && reset["snooze_end_ts"].int == 0)
            #expect(reset["push_trigger_option"] == "mention_only" && reset["push_blocked_bot_ids"].array.compactMap(\.string) == ["1", "2"])

            let channel = try await api.get("/v3/users/alice/push_preference/room")
            #expect(channel["push_trigger_option"] == "default" && channel["enable"] == true)
            let off = try await api.put("/v3/users/alice/push_preference/room", #"{"push_trigger_option": "false", "push_sound": "bell.wav"}"#)
            #expect(off["push_trigger_option"] == "off" && off["enable"] == false && off["push_sound"] == "bell.wav")
            // The older `enable` turns a channel off and on again.
            let on = try await api.put("/v3/users/alice/push_preference/room", #"{"enable": true}"#)
            #expect(on["push_trigger_option"] == "default" && on["enable"] == true)
            #expect(try await api.put("/v3/users/alice/push_preference/room", #"{"enable": false}"#)["push_trigger_option"] == "off")
            expectError(try await api.get("/v3/users/alice/push_preference/elsewhere"), code: 400201)

            #expect(try await api.put("/v3/users/alice/push/template", #"{"name": "alternative"}"#)["name"] == "alternative")
            expectError(try await api.put("/v3/users/alice/push/template", #"{"name": "fancy"}"#), code: 400111)
            let kinds = try await api.get("/roost/events?category=user:push_preference&category=user:push_channel_preference")["events"].array
            #expect(kinds.map { $0["category"].string ?? "" } == ["user:push_preference", "user:push_preference", "user:push_preference"] + Array(repeating: "user:push_channel_preference", count: 3))
        }
    }
}
