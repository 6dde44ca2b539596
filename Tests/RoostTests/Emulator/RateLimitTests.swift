import HTTPTypes
import Roost
import Testing

/// Sendbird's Platform API rate limits, emulated (`--rate-limits`, `/roost/rate-limits`): each
/// plan's limit per method across the application, the stricter calls at their own scope, and
/// Sendbird's refusal. The test clock stands still, so every request of a test falls in one
/// window until the test moves it.
@Suite struct RateLimitTests {
    /// Each plan's requests a second: GET, and POST, PUT and DELETE each.
    private static let plans: [(plan: String, get: Int, write: Int)] = [
        ("free-trial", 10, 5), ("5k", 60, 10), ("10k", 100, 20), ("25k", 200, 40), ("50k", 400, 100), ("100k", 600, 200),
    ]

    private func switchPlan(_ api: API, to plan: String) async throws {
        let changed = try await api.put("/roost/rate-limits", #"{"plan": "\#(plan)"}"#)
        #expect(changed.status == .ok && changed["plan"].string == plan, "\(changed)")
    }

    private func expectRefused(_ reply: API.Reply, scope: String, limit: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        expectError(reply, status: .tooManyRequests, code: 500910, sourceLocation: sourceLocation)
        #expect(reply["message"].string?.hasPrefix("Too many requests (scope: \(scope), limit: \(limit);w=1") == true, "\(reply)", sourceLocation: sourceLocation)
        #expect(reply.headers[HTTPField.Name("X-RateLimit-RetryAfter")!] == "1.000", sourceLocation: sourceLocation)
        #expect(reply.headers[HTTPField.Name("X-RateLimit-Limit")!] == "\(limit);w=1", sourceLocation: sourceLocation)
        #expect(reply.headers[HTTPField.Name("X-RateLimit-Remaining")!] == "0", sourceLocation: sourceLocation)
    }

    /// The first `limit` of `request` pass (whatever the handler answers), the next is refused.
    private func expectLimit(_ limit: Int, scope: String = "app", sourceLocation: SourceLocation = #_sourceLocation, _ request: () async throws -> API.Reply) async throws {
        for index in 0..<limit {
            let reply = try await request()
            #expect(reply.status != .tooManyRequests, "request \(index + 1) of \(limit): \(reply)", sourceLocation: sourceLocation)
        }
        expectRefused(try await request(), scope: scope, limit: limit, sourceLocation: sourceLocation)
    }

    @Test(arguments: plans) func eachPlanLimitsEachMethodForAWindow(plan: String, get: Int, write: Int) async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await switchPlan(api, to: plan)
            try await expectLimit(get) { try await api.get("/v3/users?limit=1") }
            // A refused or failed POST counts as any other; PUT and DELETE have allowances of their own.
            try await expectLimit(write) { try await api.post("/v3/users", #"{"user_id": ""}"#) }
            try await expectLimit(write) { try await api.delete("/v3/users/nobody") }
            clock.advance(milliseconds: 1000)
            #expect(try await api.get("/v3/users?limit=1").status == .ok, "a new window")
            #expect(try await api.post("/v3/users", #"{"user_id": ""}"#).status == .badRequest)
        }
    }

    /// Sendbird's forum answer: on the 5K plan, 4 updates a second to each of two users and 3
    /// marks as read are refused from the 11th PUT, though no one call's own limit is reached.
    @Test func theForumsWorkedExampleIsRefusedAtTheEleventhPut() async throws {
        try await withServer { api in
            try await api.createUsers("john", "harry")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["john", "harry"]}"#)
            try await switchPlan(api, to: "5k")
            var calls: [(String, String)] = []
            for _ in 0..<4 { calls += [("/v3/users/john", #"{"nickname": "John"}"#), ("/v3/users/harry", #"{"nickname": "Harry"}"#)] }
            for _ in 0..<3 { calls.append(("/v3/group_channels/room/messages/mark_as_read", #"{"user_id": "john"}"#)) }
            for (index, (path, body)) in calls.enumerated() {
                let reply = try await api.put(path, body)
                if index < 10 {
                    #expect(reply.status == .ok, "PUT \(index + 1): \(reply)")
                } else {
                    expectRefused(reply, scope: "app", limit: 10)
                }
            }
            #expect(try await api.get("/roost/rate-limits")["used"].array.map { "\($0["call"].string ?? "")/\($0["key"].string ?? ""):\($0["used"].int ?? 0)" } == [
                "/:10", "mark_as_read/group_channels/room:2", "user_update/harry:4", "user_update/john:4",
            ])
        }
    }

    /// Each call Sendbird lists with a stricter limit is refused at its own scope (5 a second)
    /// while the 100K plan's method limits are far off; another user or channel is not.
    @Test func theStricterCallsAreRefusedAtTheirOwnScope() async throws {
        try await withServer { api in
            try await api.createUsers("john", "harry")
            for url in ["room", "hall"] {
                try await api.createChannel(#"{"channel_url": "\#(url)", "user_ids": ["john", "harry"]}"#)
            }
            #expect(try await api.post("/v3/open_channels", #"{"channel_url": "lobby"}"#).status == .ok)
            try await switchPlan(api, to: "100k")
            try await expectLimit(5, scope: "user") { try await api.put("/v3/users/john", #"{"nickname": "J"}"#) }
            #expect(try await api.put("/v3/users/harry", #"{"nickname": "H"}"#).status == .ok)
            try await expectLimit(5, scope: "user") { try await api.put("/v3/users/john/mark_as_read_all", "{}") }
            try await expectLimit(5, scope: "channel") { try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "john", "message": "hi"}"#) }
            #expect(try await api.post("/v3/group_channels/hall/messages", #"{"message_type": "MESG", "user_id": "john", "message": "hi"}"#).status == .ok)
            try await expectLimit(5, scope: "channel") { try await api.post("/v3/open_channels/lobby/messages", #"{"message_type": "MESG", "user_id": "john", "message": "hi"}"#) }
            try await expectLimit(5, scope: "channel") { try await api.put("/v3/group_channels/room/messages/mark_as_read", #"{"user_id": "harry"}"#) }
            #expect(try await api.put("/v3/group_channels/hall/messages/mark_as_read", #"{"user_id": "harry"}"#).status == .ok)
            try await expectLimit(5, scope: "channel") { try await api.post("/v3/group_channels/room/invite", #"{"user_ids": ["harry"]}"#) }
            #expect(try await api.post("/v3/group_channels/hall/invite", #"{"user_ids": ["harry"]}"#).status == .ok)
            var created = 0
            try await expectLimit(5) {
                created += 1
                return try await api.post("/v3/group_channels", #"{"channel_url": "new\#(created)", "user_ids": ["john"]}"#)
            }
            try await expectLimit(5) { try await api.post("/v3/migration/room", #"{"messages": []}"#) }
            expectRefused(try await api.post("/v3/migration/hall", #"{"messages": []}"#), scope: "app", limit: 5)
        }
    }

    /// A refused request reaches no handler: nothing is stored, and no event is written (so no
    /// webhook or stream hears of it).
    @Test func aRefusedRequestLeavesNoTrace() async throws {
        try await withServer { api in
            try await api.createUsers("john")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["john"]}"#)
            try await switchPlan(api, to: "free-trial")
            let lastEvent = try await api.get("/roost/events?limit=1000")["last_seq"]
            for index in 0..<5 { try await api.say("john", "kept \(index)", in: "room") }
            let events = try await api.get("/roost/events?limit=1000")["last_seq"]
            #expect(events != lastEvent)
            expectRefused(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "john", "message": "refused"}"#), scope: "channel", limit: 5)
            for _ in 0..<5 { #expect(try await api.put("/v3/users/ghost", #"{"nickname": "x"}"#).status == .badRequest) }
            expectRefused(try await api.put("/v3/users/john", #"{"nickname": "changed"}"#), scope: "app", limit: 5)
            #expect(try await api.get("/roost/events?limit=1000")["last_seq"] == events, "no event")
            #expect(try await api.texts("/v3/group_channels/room/messages?message_ts=0&next_limit=10") == (0..<5).map { "kept \($0)" })
            #expect(try await api.get("/v3/users/john")["nickname"] == "john")
        }
    }

    /// Roost's own routes, `/health`, `/metrics` and the console are never limited, and the
    /// plan set at start-up is the one `/roost/rate-limits` reports.
    @Test func roostsOwnRoutesAreNeverLimited() async throws {
        try await withServer(rateLimits: .freeTrial) { api in
            let usage = try await api.get("/roost/rate-limits")
            #expect(usage["plan"] == "free-trial")
            #expect(usage["limits"] == ["GET": 10, "POST": 5, "PUT": 5, "DELETE": 5, "stricter": 5])
            for _ in 0..<30 {
                for path in ["/health", "/metrics", "/roost/rate-limits", "/roost/clock", "/console/sign-in"] {
                    #expect(try await api.get(path).status != .tooManyRequests, "\(path)")
                }
            }
            #expect(try await api.get("/roost/rate-limits")["used"] == [])
        }
    }

    @Test func anAdmittedAnswerSaysWhatIsLeftAndThePlanCanBeTurnedOff() async throws {
        try await withServer { api in
            try await switchPlan(api, to: "free-trial")
            let first = try await api.get("/v3/users")
            #expect(first.headers[HTTPField.Name("X-RateLimit-Limit")!] == "10;w=1")
            #expect(first.headers[HTTPField.Name("X-RateLimit-Remaining")!] == "9")
            #expect(first.headers[HTTPField.Name("X-RateLimit-Reset")!] == "1.000")
            expectError(try await api.put("/roost/rate-limits", #"{"plan": "1m"}"#), code: 400111)
            expectError(try await api.put("/roost/rate-limits", "{}"), code: 400105)
            try await switchPlan(api, to: "off")
            for _ in 0..<20 { #expect(try await api.get("/v3/users").headers[HTTPField.Name("X-RateLimit-Limit")!] == nil) }
            #expect(try await api.get("/roost/rate-limits")["limits"] == ["GET": 0, "POST": 0, "PUT": 0, "DELETE": 0, "stricter": 0])
        }
    }
}
