import Foundation
import Testing

@testable import Roost

/// Statistics counted from what happened: active users by day and month, connections, peaks,
/// and the analytics metrics.
@Suite struct StatisticsTests {
    /// 2023-11-14 (1,700,000,000,000 ms) is the test clock's first day.
    @Test func activeUsersConnectionsAndMetrics() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice", "bob"]}"#)
            try await api.say("alice", "hello", in: "room")
            #expect(try await api.put("/v3/group_channels/room/messages/mark_as_read", #"{"user_id": "bob"}"#).status == .ok)
            #expect(try await api.get("/v3/applications/dau")["dau"].int == 2)
            #expect(try await api.get("/v3/applications/dau?date=2023-11-14")["dau"].int == 2)
            #expect(try await api.get("/v3/applications/dau?date=2023-11-13")["dau"].int == 0)

            clock.advance(milliseconds: 86_400_000)
            try await api.say("alice", "again", in: "room")
            try await api.say("bob", "back", in: "room")
            #expect(try await api.get("/v3/applications/dau")["dau"].int == 2)
            #expect(try await api.get("/v3/applications/mau?date=2023-11-15")["mau"].int == 2)
            #expect(try await api.put("/v3/users/carol", #"{"is_active": false}"#).status == .ok)
            #expect(try await api.get("/v3/applications/ccu")["ccu"].int == 0)

            let messages = try await api.get(
                "/v3/statistics/metric?metric_type=messages&time_dimension=daily&start_year=2023&start_month=11&start_day=13&end_year=2023&end_month=11&end_day=15"
            )
            #expect(messages["values"].array.map { $0["date"].string ?? "" } == ["2023-11-13", "2023-11-14", "2023-11-15"])
            #expect(messages["values"].array.map { $0["value"].int ?? -1 } == [0, 1, 2])
            let range = "metric_type=messages&time_dimension=daily&start_year=2023&start_month=11&start_day=13&end_year=2023&end_month=11&end_day=15"
            let firstTwo = try await api.get("/v3/statistics/metric?\(range)&limit=2")
            #expect(firstTwo["values"].array.map { $0["date"].string ?? "" } == ["2023-11-13", "2023-11-14"])
            let last = try await api.get("/v3/statistics/metric?\(range)&limit=2&token=\(firstTwo["next"].string ?? "")")
            #expect(last["values"].array.map { $0["date"].string ?? "" } == ["2023-11-15"] && last["next"] == "")
            expectError(try await api.get("/v3/statistics/metric?\(range)&limit=1001"), code: 400113)
            // Advanced analytics start on 2020-03-01; earlier days have no value, not a zero.
            let early = try await api.get(
                "/v3/statistics/metric?metric_type=messages&time_dimension=daily&start_year=2020&start_month=2&start_day=28&end_year=2020&end_month=3&end_day=2"
            )
            #expect(early["values"].array.map { $0["date"].string ?? "" } == ["2020-03-01", "2020-03-02"])
            let senders = try await api.get(
                "/v3/statistics/metric?metric_type=message_senders&time_dimension=monthly&start_year=2023&start_month=10&end_year=2023&end_month=11"
            )
            #expect(senders["values"].array.map { $0["date"].string ?? "" } == ["2023-10", "2023-11"])
            #expect(senders["values"].array.map { $0["value"].int ?? -1 } == [0, 2])
            for (metric, expected) in [("created_users", 3), ("created_channels", 1), ("message_viewers", 1), ("deactivated_users", 1), ("active_channels", 1)] {
                let reply = try await api.get(
                    "/v3/statistics/metric?metric_type=\(metric)&time_dimension=monthly&start_year=2023&start_month=11&end_year=2023&end_month=11"
                )
                #expect(reply["values"][0]["value"].int == expected, "\(metric)")
            }
            let perUser = try await api.get(
                "/v3/statistics/metric?metric_type=messages_per_user&time_dimension=monthly&start_year=2023&start_month=11&end_year=2023&end_month=11"
            )
            #expect(perUser["values"][0]["value"] == .number(1.5))
        }
    }

    @Test func peakConnectionsAndRangeRules() async throws {
        try await withServer { api in
            let daily = try await api.get("/v3/applications/peak_connections?time_dimension=daily&start_year=2023&start_month=11&end_year=2023&end_month=11&start_day=13&end_day=14")
            #expect(daily["peak_connections"].array.map { $0["date"].string ?? "" } == ["2023-11-13", "2023-11-14"])
            #expect(daily["peak_connections"].array.map { $0["peak_connections"].int ?? -1 } == [0, 0])
            let months = try await api.get("/v3/applications/peak_connections?time_dimension=monthly&start_year=2023&start_month=11&end_year=2024&end_month=2")
            #expect(months["peak_connections"].array.map { $0["date"].string ?? "" } == ["2023-11", "2023-12", "2024-01", "2024-02"])

            expectError(try await api.get("/v3/applications/peak_connections?time_dimension=daily&start_year=2023&start_month=1&end_year=2023&end_month=3"), code: 400111)
            expectError(try await api.get("/v3/applications/peak_connections?time_dimension=monthly&start_year=2022&start_month=1&end_year=2023&end_month=1"), code: 400111)
            expectError(try await api.get("/v3/applications/peak_connections?time_dimension=monthly&start_year=2023&start_month=1&end_year=2023&end_month=1&start_day=2"), code: 400111)
            expectError(try await api.get("/v3/applications/peak_connections?time_dimension=daily&start_year=2023&start_month=13&end_year=2023&end_month=1"), code: 400113)
            expectError(try await api.get("/v3/applications/peak_connections?time_dimension=daily&start_year=2023&start_month=2&end_year=2023&end_month=2&end_day=30"), code: 400113)
            expectError(try await api.get("/v3/applications/peak_connections?time_dimension=hourly&start_year=2023&start_month=1&end_year=2023&end_month=1"), code: 400111)
            expectError(try await api.get("/v3/applications/peak_connections?start_year=2023"), code: 400105)
            expectError(try await api.get("/v3/applications/dau?date=yesterday"), code: 400111)
            expectError(try await api.get("/v3/statistics/metric?metric_type=hugs&time_dimension=daily&start_year=2023&start_month=1&end_year=2023&end_month=1"), code: 400111)
            expectError(try await api.get("/v3/statistics/metric?time_dimension=daily"), code: 400105)
        }
    }

    @Test func calendarDaysMatchFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for day in stride(from: Int64(0), through: 2_932_000, by: 997) {
            let date = Date(timeIntervalSince1970: TimeInterval(day) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = StatisticsRange.civil(day)
            #expect(civil.year == parts.year && civil.month == parts.month && civil.day == parts.day)
            #expect(StatisticsRange.daysSince1970(year: civil.year, month: civil.month, day: civil.day) == day)
        }
    }
}
