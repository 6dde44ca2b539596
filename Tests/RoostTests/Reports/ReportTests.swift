import Foundation
import Testing

@Suite struct ReportTests {
    @Test func reportsKeepSnapshotsAndList() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"], "name": "Chat"}"#)
            let id = try await api.say("bob", "buy pills", in: "chat")["message_id"].int!
            let message = try await api.post(
                "/v3/report/group_channels/chat/messages/\(id)",
                #"{"report_category": "spam", "reporting_user_id": "alice", "report_description": "ads"}"#
            )
            #expect(message.status == .ok, "\(message)")
            #expect(message["report_type"] == "message")
            #expect(message["report_category"] == "spam")
            #expect(message["reporting_user"]["user_id"] == "alice")
            #expect(message["offending_user"]["user_id"] == "bob")
            #expect(message["reported_message"]["message"] == "buy pills")
            #expect(message["channel"]["channel_url"] == "chat")
            // The webhook shows the message as message events do: sender, payload, channel.
            let event = try await api.get("/roost/events?category=message:report")["events"][0]["payload"]["reported_message"]
            #expect(event["sender"]["user_id"] == "bob" && event["payload"]["message"] == "buy pills")
            #expect(event["type"] == "MESG" && event["channel"]["channel_url"] == "chat")
            #expect(message["report_description"] == "ads")
            #expect(message["created_at"].int == 1_700_000_000_000)

            clock.advance(milliseconds: 1000)
            let user = try await api.post("/v3/report/users/bob", #"{"report_category": "harassing", "reporting_user_id": "alice"}"#)
            #expect(user["report_type"] == "user")
            #expect(user["reported_message"] == nil)
            clock.advance(milliseconds: 1000)
            let channel = try await api.post("/v3/report/group_channels/chat", #"{"report_category": "inappropriate"}"#)
            #expect(channel["report_type"] == "channel")
            #expect(channel["channel"]["name"] == "Chat")

            // The snapshot outlives the message.
            #expect(try await api.put("/v3/group_channels/chat/messages/\(id)", #"{"message": "edited"}"#).status == .ok)
            let forMessage = try await api.get("/v3/report/group_channels/chat/messages/\(id)")
            #expect(forMessage["report_logs"].array.map { $0["reported_message"]["message"] } == ["buy pills"])
            #expect(try await api.get("/v3/report/users/bob")["report_logs"].array.count == 2)
            #expect(try await api.get("/v3/report/group_channels/chat")["report_logs"].array.count == 1)

            let all = try await api.get("/v3/report?limit=2")
            #expect(all["report_logs"].array.count == 2)
            let rest = try await api.get("/v3/report?limit=2&token=\(all["next"].string!)")
            #expect(rest["report_logs"].array.map { $0["report_type"] } == ["channel"])
            #expect(try await api.get("/v3/report?start_ts=1700000001000&end_ts=1700000001000")["report_logs"].array.map { $0["report_type"] } == ["user"])

            expectError(try await api.post("/v3/report/users/bob", #"{"report_category": "rude"}"#), code: 400111)
            expectError(try await api.post("/v3/report/users/bob", "{}"), code: 400105)
            expectError(try await api.post("/v3/report/users/bob", #"{"report_category": "spam", "channel_type": "bogus", "channel_url": "x"}"#), code: 400111)
            expectError(try await api.post("/v3/report/users/ghost", #"{"report_category": "spam"}"#), code: 400201)
            expectError(try await api.post("/v3/report/group_channels/chat/messages/999", #"{"report_category": "spam"}"#), code: 400201)
        }
    }

    @Test func aCustomCategoryGivesItsName() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            let custom = try await api.post(
                "/v3/report/users/bob",
                #"{"channel_type": "group_channels", "channel_url": "chat", "report_category": "custom", "custom_report_category_name": "scam"}"#
            )
            #expect(custom["report_category"] == "custom")
            #expect(custom["custom_report_category_name"] == "scam")
            let spam = try await api.post("/v3/report/group_channels/chat", #"{"report_category": "spam", "custom_report_category_name": "ignored"}"#)
            #expect(spam["custom_report_category_name"] == nil)
            #expect(try await api.get("/v3/report")["report_logs"].array.map { $0["custom_report_category_name"] } == ["scam", nil])
            let event = try await api.get("/roost/events?category=user:report")["events"][0]["payload"]
            #expect(event["custom_report_category_name"] == "scam")

            expectError(try await api.post("/v3/report/users/bob", #"{"report_category": "custom"}"#), code: 400105)
            let tooLong = String(repeating: "x", count: 51)
            expectError(
                try await api.post("/v3/report/users/bob", #"{"report_category": "custom", "custom_report_category_name": "\#(tooLong)"}"#),
                code: 400110
            )
        }
    }
}
