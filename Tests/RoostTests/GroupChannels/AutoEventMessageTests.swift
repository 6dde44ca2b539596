import Foundation
import Testing

/// The admin messages Roost posts by itself as `settings/auto_event_message` turns them on.
@Suite struct AutoEventMessageTests {
    func messages(_ api: API, in url: String) async throws -> [JSONValue] {
        try await api.get("/v3/group_channels/\(url)/messages?message_ts=9999999999999&prev_limit=50")["messages"].array
    }

    @Test func settingsAnswerEveryKeyAndRefuseUnknownOnes() async throws {
        try await withServer { api in
            let settings = try await api.get("/v3/applications/settings/auto_event_message")["auto_event_message"]
            #expect(settings["user_leave"]["left_by_own_choice"] == false)
            #expect(settings["user_leave"].object.count == 8)
            #expect(settings["channel_create"] == ["public_channel": false, "private_channel": false])
            let changed = try await api.put("/v3/applications/settings/auto_event_message", #"{"auto_event_message": {"user_join": {"user_join": true}}}"#)
            #expect(changed["auto_event_message"]["user_join"]["user_join"] == true)
            #expect(changed["auto_event_message"]["channel_change"]["channel_change"] == false)
            expectError(try await api.put("/v3/applications/settings/auto_event_message", #"{"auto_event_message": {"user_join": {"dance": true}}}"#), code: 400111)
            expectError(try await api.put("/v3/applications/settings/auto_event_message", #"{"auto_event_message": {"party": {}}}"#), code: 400111)
            // The groups may also come at the top level, as Sendbird's page lists them; none changes nothing.
            let top = try await api.put("/v3/applications/settings/auto_event_message", #"{"channel_change": {"channel_change": true}}"#)
            #expect(top["auto_event_message"]["channel_change"]["channel_change"] == true && top["auto_event_message"]["user_join"]["user_join"] == true)
            #expect(try await api.put("/v3/applications/settings/auto_event_message", "{}")["auto_event_message"] == top["auto_event_message"])
            expectOK(try await api.put("/v3/applications/settings/auto_event_message", #"{"channel_change": {"channel_change": false}}"#))
            #expect(try await api.get("/v3/applications/settings/auto_event_message")["auto_event_message"]["user_join"]["user_join"] == true)
        }
    }

    @Test func postsWhatIsTurnedOn() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "quiet", "user_ids": ["alice"]}"#)
            #expect(try await messages(api, in: "quiet").isEmpty, "all off at first")

            #expect(try await api.put(
                "/v3/applications/settings/auto_event_message",
                #"{"auto_event_message": {"channel_create": {"private_channel": true}, "user_join": {"user_join": true}, "user_leave": {"left_by_own_choice": true}, "channel_change": {"channel_change": true}}}"#
            ).status == .ok)
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            #expect(try await api.post("/v3/group_channels/room/invite", #"{"user_ids": ["bob"]}"#).status == .ok)
            #expect(try await api.put("/v3/group_channels/room", #"{"name": "Room"}"#).status == .ok)
            #expect(try await api.put("/v3/group_channels/room/leave", #"{"user_ids": ["bob"]}"#).status == .ok)

            let posted = try await messages(api, in: "room")
            #expect(posted.map { $0["message"].string ?? "" } == ["The channel was created.", "bob joined.", "The channel was changed.", "bob left."])
            #expect(posted.allSatisfy { $0["type"] == "ADMM" && $0["custom_type"] == "SENDBIRD:AUTO_EVENT_MESSAGE" })
            let leave = try JSONDecoder().decode(JSONValue.self, from: Data((posted[3]["data"].string ?? "").utf8))
            #expect(leave == ["reason": "LEFT_BY_OWN_CHOICE", "type": "USER_LEAVE", "users": [["nickname": "bob", "user_id": "bob"]]])
            #expect(posted.map { $0["data"].string ?? "" } == [
                #"{"type":"CHANNEL_CREATE"}"#, #"{"type":"USER_JOIN","users":[{"nickname":"bob","user_id":"bob"}]}"#,
                #"{"type":"CHANNEL_CHANGE"}"#, #"{"reason":"LEFT_BY_OWN_CHOICE","type":"USER_LEAVE","users":[{"nickname":"bob","user_id":"bob"}]}"#,
            ], "the same bytes as ever, keys in alphabetical order")
            let unread = try await api.get("/v3/users/alice/unread_message_count")["unread_count"].int
            #expect(unread == 4, "auto event messages count as unread, as admin messages do")
        }
    }

    @Test func bansAndDeactivationsPostTheirLeaves() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob", "carol"]}"#)
            #expect(try await api.put(
                "/v3/applications/settings/auto_event_message",
                #"{"auto_event_message": {"user_leave": {"admin_removed": true, "deactivated": true}}}"#
            ).status == .ok)
            #expect(try await api.post("/v3/group_channels/room/ban", #"{"user_id": "bob", "seconds": 60}"#).status == .ok)
            #expect(try await api.put("/v3/users/carol", #"{"is_active": false}"#).status == .ok)
            let posted = try await messages(api, in: "room")
            #expect(posted.map { $0["message"].string ?? "" } == ["bob left.", "carol left."])
            let reasons = try posted.map { try JSONDecoder().decode(JSONValue.self, from: Data(($0["data"].string ?? "").utf8))["reason"] }
            #expect(reasons == ["ADMIN_REMOVED", "ADMIN_DEACTIVATED"])
        }
    }

    @Test func operatorBansAndDeletionsPostTheirLeaves() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol", "dave")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob", "carol", "dave"], "operator_ids": ["alice"]}"#)
            #expect(try await api.put(
                "/v3/applications/settings/auto_event_message",
                #"{"auto_event_message": {"user_leave": {"channel_operator_removed": true, "admin_deleted": true}}}"#
            ).status == .ok)
            #expect(try await api.post("/v3/group_channels/room/ban", #"{"user_id": "bob", "agent_id": "alice"}"#).status == .ok)
            #expect(try await api.post("/v3/group_channels/room/ban", #"{"user_id": "dave"}"#).status == .ok, "an admin's ban is admin_removed, off here")
            #expect(try await api.delete("/v3/users/carol").status == .ok)
            let posted = try await messages(api, in: "room")
            #expect(posted.map { $0["message"].string ?? "" } == ["bob left.", "carol left."])
            let reasons = try posted.map { try JSONDecoder().decode(JSONValue.self, from: Data(($0["data"].string ?? "").utf8))["reason"] }
            #expect(reasons == ["CHANNEL_OPERATOR_REMOVED", "ADMIN_DELETED"])
            let leaves = try await api.get("/roost/events?category=group_channel:leave")["events"].array
            #expect(leaves.map { $0["payload"]["users"][0]["user_id"].string ?? "" } == ["bob", "dave", "carol"], "a deleted user leaves first")
            #expect(try await api.get("/v3/group_channels/room?show_member=true")["member_count"] == 1)
        }
    }

    /// `PUT .../leave` takes the reason its page lists (in either case), and its message tells it.
    @Test func aLeaveTellsTheReasonItWasGiven() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob", "carol", "dave")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob", "carol", "dave"]}"#)
            #expect(try await api.put(
                "/v3/applications/settings/auto_event_message",
                #"{"auto_event_message": {"user_leave": {"left_by_own_choice": true, "channel_operator_removed": true, "admin_removed": true}}}"#
            ).status == .ok)
            expectError(try await api.put("/v3/group_channels/room/leave", #"{"user_ids": ["bob"], "reason": "bored"}"#), code: 400111)
            #expect(try await api.get("/v3/group_channels/room?show_member=true")["member_count"] == 4, "a refused leave leaves no one")
            #expect(try await api.put("/v3/group_channels/room/leave", #"{"user_ids": ["bob"], "reason": "channel_operator_removed"}"#).status == .ok)
            #expect(try await api.put("/v3/group_channels/room/leave", #"{"user_ids": ["carol"], "reason": "ADMIN_REMOVED"}"#).status == .ok)
            #expect(try await api.put("/v3/group_channels/room/leave", #"{"user_ids": ["dave"]}"#).status == .ok)
            let posted = try await messages(api, in: "room")
            let reasons = try posted.map { try JSONDecoder().decode(JSONValue.self, from: Data(($0["data"].string ?? "").utf8))["reason"] }
            #expect(reasons == ["CHANNEL_OPERATOR_REMOVED", "ADMIN_REMOVED", "LEFT_BY_OWN_CHOICE"])
        }
    }
}
