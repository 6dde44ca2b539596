import Foundation
import Testing

@testable import Roost

/// Announcements: scheduled, run by the scheduler in batches through the normal send path,
/// paused, resumed, stopped and canceled, with their open status and statistics.
@Suite struct AnnouncementTests {
    /// Waits up to 100 s: on PostgreSQL each statement of a debug build is a round trip of about
    /// a millisecond, and an announcement to many channels runs thousands.
    func waitFor(_ api: API, _ uniqueID: String, status: String) async throws -> JSONValue {
        let reply = try await awaited(within: .seconds(100)) { try await api.get("/v3/announcements/\(uniqueID)") } until: {
            $0["status"].string == status
        }
        if reply["status"].string != status { Issue.record("\(uniqueID) never became \(status): \(reply)") }
        return reply.json
    }

    @Test func announcementsReachTheirChannelsAndCountOpens() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("boss", "ann", "ben", "cat")
            try await api.createChannel(#"{"channel_url": "team", "user_ids": ["boss", "ann", "ben"]}"#)
            try await api.createChannel(#"{"channel_url": "boss-ann", "user_ids": ["boss", "ann"], "is_distinct": true}"#)
            let start = clock.now + 60_000
            let created = try await api.post("/v3/announcements", #"""
                {"unique_id": "all-hands", "announcement_group": "company", "message": {"type": "MESG", "user_id": "boss", "content": "All hands at 3"},
                 "target_at": "sender_all_channels", "scheduled_at": \#(start)}
                """#)
            #expect(created.status == .ok, "\(created)")
            #expect(created["status"] == "scheduled" && created["message"]["content"] == "All hands at 3" && created["target_list"] == [])
            #expect(created["open_count"] == 0 && created["open_rate"] == 0)
            expectError(try await api.post("/v3/announcements", #"{"unique_id": "all-hands", "message": {"type": "MESG", "user_id": "boss", "content": "x"}}"#), code: 400202)
            expectError(try await api.post("/v3/announcements", #"{"message": {"type": "ADMM", "content": "x"}, "target_at": "sender_all_channels"}"#), code: 400111)
            expectError(try await api.post("/v3/announcements", #"{"message": {"type": "MESG", "user_id": "boss", "content": "x"}, "target_at": "target_channels"}"#), code: 400105)

            // SDK 0.0.16 flattens the message with dotted keys.
            let flat = try await api.post("/v3/announcements", #"""
                {"unique_id": "hello-cat", "message": {"type": "MESG", "user_id": "boss", "content": "Welcome"}, "message.custom_type": "welcome",
                 "target_at": "target_users_included_channels", "target_list": ["cat"], "target_channel_type": "distinct",
                 "create_channel": true, "create_channel_options.name": "Boss and Cat", "create_channel_options.distinct": "true", "assign_sender_as_channel_inviter": "true",
                 "scheduled_at": \#(start)}
                """#)
            #expect(flat["message"]["custom_type"] == "welcome" && flat["create_channel_options"]["name"] == "Boss and Cat")

            clock.advance(milliseconds: 60_000)
            let done = try await waitFor(api, "all-hands", status: "completed")
            #expect(done["target_channel_count"] == 2 && done["sent_channel_count"] == 2 && done["sent_user_count"] == 3)
            let team = try await api.get("/v3/group_channels/team/messages?message_ts=9999999999999")["messages"].array
            #expect(team.map { $0["message"].string ?? "" } == ["All hands at 3"] && team[0]["user"]["user_id"] == "boss")
            let welcomed = try await waitFor(api, "hello-cat", status: "completed")
            #expect(welcomed["sent_channel_count"] == 1)
            let catChannels = try await api.get("/v3/users/cat/my_group_channels")["channels"].array
            #expect(catChannels.map { $0["name"].string ?? "" } == ["Boss and Cat"] && catChannels[0]["last_message"]["message"] == "Welcome")
            #expect(catChannels[0]["created_by"]["user_id"] == "boss" && catChannels[0]["inviter"]["user_id"] == "boss", "the sender invited cat")

            #expect(try await api.put("/v3/group_channels/team/messages/mark_as_read", #"{"user_id": "ann"}"#).status == .ok)
            let status = try await api.get("/v3/announcement_open_status/all-hands")["open_status"].array
            #expect(status.map { "\($0["user_id"].string ?? ""):\($0["channel_url"].string ?? ""):\($0["has_opened"].bool ?? false)" }
                == ["ann:boss-ann:false", "ann:team:true", "ben:team:false"])
            #expect(try await api.get("/v3/announcement_open_status/all-hands?has_opened=true")["open_status"].array.count == 1)
            // One of the three members reached has read it, as its view and the list answer.
            let viewed = try await api.get("/v3/announcements/all-hands")
            #expect(viewed["open_count"] == 1 && viewed["open_rate"] == .number(1.0 / 3.0))
            let listed = try await api.get("/v3/announcements?announcement_group=company")["announcements"].array
            #expect(listed.map { $0["open_count"].int ?? -1 } == [1])
            #expect(try await api.get("/v3/announcements/hello-cat")["open_count"] == 0)
            let rate = try await api.get("/v3/announcement_open_rate/all-hands?days=1")
            #expect(rate["open_counts"].array.count == 24 && rate["cumulative_open_counts"].array.last == 1)
            #expect(try await api.get("/v3/announcement_open_rate_by_group/company")["announcement_group"] == "company")
            #expect(try await api.get("/v3/announcement_group")["announcement_groups"] == ["company"])

            let format = DateFormatter()
            format.dateFormat = "yyyy-MM-dd"
            format.timeZone = TimeZone(identifier: "UTC")
            let today = format.string(from: Date(timeIntervalSince1970: Double(clock.now) / 1000))
            let daily = try await api.get("/v3/announcement_stats/daily?start_date=\(today)&end_date=\(today)&start_week=&end_week=")
            let day = daily["statistics"].array
            #expect(day.count == 1 && day[0]["completed_announcement_count"] == 2 && day[0]["open_count"] == 1)
            #expect(try await api.get("/v3/announcement_stats/weekly?start_week=2023-W46&end_week=2023-W46")["statistics"][0]["date_range"] == "2023-W46")
            // Daily statistics need both ends of their range; weekly and monthly ones read the
            // current period without them, as SDK 0.0.16 cannot send them.
            expectError(try await api.get("/v3/announcement_stats/daily"), code: 400105)
            expectError(try await api.get("/v3/announcement_stats/daily?start_date=2023-11-14"), code: 400105)
            #expect(try await api.get("/v3/announcement_stats/weekly")["statistics"][0]["date_range"] == "2023-W46")
            #expect(try await api.get("/v3/announcement_stats/monthly?start_month=2023-10&end_month=2023-11")["statistics"].array.count == 2)
            expectError(try await api.get("/v3/announcement_stats/daily?start_date=2023-13-01&end_date=2023-12-01"), code: 400111)
            #expect(try await api.get("/roost/events?category=announcement:send_messages")["events"].array.count == 2)
            #expect(try await api.get("/roost/events?category=announcement:create_channels")["events"].array.count == 1)
        }
    }

    @Test func typeIsRequiredAndLongGroupsAreShownCut() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("boss")
            expectError(try await api.post("/v3/announcements", #"{"message": {"user_id": "boss", "content": "x"}, "target_at": "sender_all_channels"}"#), code: 400105)
            // A type given must be one of them, and `message` must be an object.
            expectError(try await api.post("/v3/announcements", #"{"message": {"type": "BOGUS", "user_id": "boss", "content": "x"}, "target_at": "sender_all_channels"}"#), code: 400111)
            expectError(try await api.post("/v3/announcements", #"{"message": "x", "target_at": "sender_all_channels"}"#), code: 400103)
            // Sendbird shows a group's first 128 bytes; the whole name still finds it.
            let group = String(repeating: "g", count: 127) + "é"
            let long = try await api.post("/v3/announcements", #"{"unique_id": "long-group", "announcement_group": "\#(group)", "message": {"type": "MESG", "user_id": "boss", "content": "x"}, "scheduled_at": \#(clock.now + 60_000)}"#)
            #expect(long["announcement_group"].string == String(repeating: "g", count: 127))
            let grouped = try await api.get("/v3/announcements?announcement_group=\(group.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
            #expect(grouped["announcements"].array.map { $0["unique_id"] } == ["long-group"])
        }
    }

    @Test func actionsMoveTheStatusAsSendbirdAllows() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("boss", "ann")
            try await api.createChannel(#"{"channel_url": "team", "user_ids": ["boss", "ann"]}"#)
            let body = { (id: String) in #"{"unique_id": "\#(id)", "message": {"type": "ADMM", "content": "Notice"}, "target_at": "target_channels", "target_list": ["team"], "scheduled_at": \#(clock.now + 600_000)}"# }
            #expect(try await api.post("/v3/announcements", body("first")).status == .ok)
            let edited = try await api.put("/v3/announcements/first", #"{"unique_id": "first", "message.content": "Notice, edited"}"#)
            #expect(edited["message"]["content"] == "Notice, edited")
            expectError(try await api.put("/v3/announcements/first", #"{"action": "pause"}"#), code: 400920)
            #expect(try await api.put("/v3/announcements/first", #"{"action": "cancel"}"#)["status"] == "canceled")
            expectError(try await api.put("/v3/announcements/first", #"{"message.content": "too late"}"#), code: 400920)
            expectError(try await api.put("/v3/announcements/first", #"{"action": "dance"}"#), code: 400111)
            expectError(try await api.get("/v3/announcements/missing"), code: 400201)
            let listed = try await api.get("/v3/announcements?status=canceled")["announcements"].array
            #expect(listed.map { $0["unique_id"].string ?? "" } == ["first"])
            #expect(try await api.get("/v3/announcements?status=ready")["announcements"].array.isEmpty)
            // One due at the same moment to another channel, created later: the scheduler
            // runs due work oldest first, so once it is sent the canceled one had its turn.
            try await api.createChannel(#"{"channel_url": "others", "user_ids": ["boss", "ann"]}"#)
            let sentinel = #"{"unique_id": "sentinel", "message": {"type": "ADMM", "content": "Other"}, "target_at": "target_channels", "target_list": ["others"], "scheduled_at": \#(clock.now + 600_000)}"#
            #expect(try await api.post("/v3/announcements", sentinel).status == .ok)
            clock.advance(milliseconds: 600_000)
            _ = try await waitFor(api, "sentinel", status: "completed")
            #expect(try await api.get("/v3/group_channels/team/messages?message_ts=9999999999999")["messages"] == [], "a canceled announcement sends nothing")
        }
    }

    /// Targets are resolved a part per transaction; the counts add up across the parts, count
    /// a channel two listed users share once, and show only once all are found.
    @Test func manyTargetsResolveInParts() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            let listed = (1...(AnnouncementService.usersPerResolveStep + 12)).map { "fan\($0)" }
            try await api.createUser("star")
            for userID in listed { try await api.createUser(userID) }
            // The first and the last listed user share one channel with the star.
            try await api.createChannel(#"{"channel_url": "club", "user_ids": ["star", "fan1", "\#(listed.last!)"]}"#)
            let created = try await api.post("/v3/announcements", #"""
                {"unique_id": "tour", "message": {"type": "MESG", "user_id": "star", "content": "On tour"},
                 "target_at": "target_users_included_channels", "target_list": [\#(listed.map { "\"\($0)\"" }.joined(separator: ","))],
                 "target_channel_type": "all", "create_channel": true, "scheduled_at": \#(clock.now + 1_000)}
                """#)
            #expect(created.status == .ok, "\(created)")
            clock.advance(milliseconds: 1_000)
            let done = try await waitFor(api, "tour", status: "completed")
            // One shared channel with two fans, and one made for each of the others.
            let channels = listed.count - 1
            #expect(done["target_channel_count"] == .number(Double(channels)) && done["target_user_count"] == .number(Double(listed.count)), "\(done)")
            #expect(done["sent_channel_count"] == .number(Double(channels)) && done["sent_user_count"] == .number(Double(listed.count)))
            let reached = try await api.get("/v3/users/\(listed[AnnouncementService.usersPerResolveStep + 5])/my_group_channels")["channels"].array
            #expect(reached.count == 1 && reached[0]["last_message"]["message"] == "On tour")
        }
    }
}
