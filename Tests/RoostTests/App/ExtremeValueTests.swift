import Testing

/// Swift stops the whole process on an arithmetic overflow, so a number from a client must
/// never reach a sum or product it can overflow: each of these once stopped the server.
@Suite struct ExtremeValueTests {
    @Test func extremeNumbersAreRefusedOrServedNeverFatal() async throws {
        try await withServer { api in
            try await api.createUsers("boss")
            try await api.createChannel(#"{"channel_url": "team", "user_ids": ["boss"]}"#)
            #expect(try await api.get("/roost/requests?since=9223372036854775807")["requests"] == [])
            expectError(try await api.get("/v3/applications/dau?date=9223372036854775807-03-01"), code: 400111)
            expectError(try await api.get("/v3/applications/mau?date=25000000000000000-03-01"), code: 400111)
            for query in ["start_date=300000000-01-01&end_date=300000000-01-01", "start_date=9999-12-31&end_date=10000-01-01"] {
                expectError(try await api.get("/v3/announcement_stats/daily?\(query)"), code: 400111)
            }
            expectError(try await api.get("/v3/announcement_stats/monthly?start_month=300000000-01"), code: 400111)
            expectError(try await api.get("/v3/announcement_stats/weekly?start_week=300000000-W1"), code: 400111)
            // The last periods before the year 10000 are served.
            #expect(try await api.get("/v3/announcement_stats/monthly?start_month=9999-12&end_month=9999-12").status == .ok)
            #expect(try await api.get("/v3/announcement_stats/weekly?start_week=9999-W52&end_week=9999-W52").status == .ok)

            let announcement = #"{"message": {"type": "MESG", "user_id": "boss", "content": "hi"}, "target_at": "target_channels", "target_list": ["team"], "unique_id": "far""#
            expectError(try await api.post("/v3/announcements", announcement + #", "scheduled_at": 9223372036854775000, "end_at": 1}"#), code: 400111)
            #expect(try await api.post("/v3/announcements", announcement + #", "scheduled_at": \#(Int64(1_800_000_000_000))}"#).status == .ok)
            expectError(try await api.put("/v3/announcements/far", #"{"scheduled_at": 9223372036854775806}"#), code: 400111)
            expectError(try await api.put("/v3/announcements/far", #"{"end_at": 9223372036854775806}"#), code: 400111)
            #expect(try await api.call(.get, "/health", token: nil).status == .ok)
        }
    }
}
