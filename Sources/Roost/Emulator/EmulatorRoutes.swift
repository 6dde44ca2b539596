import Hummingbird

/// What Roost keeps for tests to steer: the clock, injected faults, the record of outbound
/// deliveries, the emulated rate limits. Made by `buildApplication`, shared by the router and
/// the services.
struct Emulator: Sendable {
    let clock: EmulatorClock
    let faults: FaultInjection
    let deliveries: DeliveryAttempts
    let journal: RequestJournal
    let rateLimits: RateLimiter
}

/// Roost's emulator controls under `/roost`, for the master token: `reset`, `clock`,
/// `faults`, `deliveries`, `requests`, `snapshots`, `rate-limits`.
struct EmulatorRoutes: Sendable {
    let emulator: Emulator
    let clock: EmulatorClockService
    let reset: EmulatorReset
    let snapshots: SnapshotStore

    func register(on group: RouterGroup<RoostContext>) {
        group.post("reset", use: resetApplication)
        group.get("clock", use: clockState)
        group.put("clock", use: changeClock)
        group.post("faults", use: addFault)
        group.get("faults", use: listFaults)
        group.delete("faults", use: clearFaults)
        group.post("snapshots", use: saveSnapshot)
        group.get("snapshots", use: listSnapshots)
        group.post("snapshots/:name/restore", use: restoreSnapshot)
        group.delete("snapshots/:name", use: deleteSnapshot)
        group.get("requests", use: listRequests)
        group.get("deliveries", use: listDeliveries)
        group.get("rate-limits", use: rateLimitUsage)
        group.put("rate-limits", use: changeRateLimits)
    }

    @Sendable func resetApplication(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        let body = try await request.decodeJSON(ResetRequest.self)
        try await reset.reset(keepUsers: body.keepUsers ?? false)
        emulator.faults.clear()
        emulator.deliveries.clear()
        emulator.journal.clear()
        emulator.rateLimits.clear()
        return EmptyObject()
    }

    @Sendable func rateLimitUsage(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        return emulator.rateLimits.usage
    }

    /// Switches to another plan (or `off`), as a test would; every count starts over.
    @Sendable func changeRateLimits(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        let body = try await request.decodeJSON(RateLimitChange.self)
        guard let name = body.plan else { throw APIError.missing("plan") }
        guard let plan = RateLimitPlan(rawValue: name) else {
            throw APIError.invalid("plan", "Give one of \(RateLimitPlan.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        emulator.rateLimits.change(to: plan)
        return emulator.rateLimits.usage
    }

    @Sendable func clockState(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        return ClockBody(state: clock.state)
    }

    @Sendable func changeClock(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        let body = try await request.decodeJSON(ClockChange.self)
        guard body.now != nil || body.advanceMS != nil || body.frozen != nil else { throw APIError.missing("now") }
        return ClockBody(state: try await clock.change(to: body.now, advancingBy: body.advanceMS, frozen: body.frozen))
    }

    @Sendable func addFault(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        return FaultList(faults: try emulator.faults.add(try await request.decodeJSON(FaultInjection.Fault.self)))
    }

    @Sendable func listFaults(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        return FaultList(faults: emulator.faults.active)
    }

    @Sendable func clearFaults(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        emulator.faults.clear()
        return FaultList(faults: [])
    }

    @Sendable func saveSnapshot(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        let body = try await request.decodeJSON(SnapshotRequest.self)
        guard let name = body.name else { throw APIError.missing("name") }
        return try await snapshots.save(named: name)
    }

    @Sendable func listSnapshots(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        return SnapshotList(snapshots: snapshots.all())
    }

    @Sendable func restoreSnapshot(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        return try await snapshots.restore(named: try context.pathParameter("name"))
    }

    @Sendable func deleteSnapshot(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        try snapshots.delete(named: try context.pathParameter("name"))
        return EmptyObject()
    }

    @Sendable func listRequests(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        let query = request.query
        let limit = try query.int("limit") ?? 100
        guard (1...1000).contains(limit) else { throw APIError.outOfRange("limit", 1...1000) }
        let since = try query.int64("since") ?? 0
        return KeyedList(key: "requests", items: emulator.journal.entries(
            limit: limit, pathPrefix: query.string("path_prefix"), status: try query.int("status"), since: since
        ))
    }

    @Sendable func listDeliveries(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        let limit = try request.query.int("limit") ?? 100
        guard (1...1000).contains(limit) else { throw APIError.outOfRange("limit", 1...1000) }
        let feed = request.query.string("feed")
        return KeyedList(key: "deliveries", items: Array(emulator.deliveries.all.filter { feed == nil || $0.feed == feed }.suffix(limit)))
    }
}

struct ResetRequest: Decodable {
    let keepUsers: Bool?
    enum CodingKeys: String, CodingKey { case keepUsers = "keep_users" }
}

struct RateLimitChange: Decodable {
    let plan: String?
}

struct SnapshotRequest: Decodable {
    let name: String?
}

struct SnapshotList: ResponseEncodable, JSONObject {
    let snapshots: [SnapshotStore.Snapshot]

    func write(to fields: inout JSONFields) throws {
        try fields.write("snapshots", snapshots)
    }
}

extension SnapshotStore.Snapshot: ResponseEncodable {}

struct ClockChange: Decodable {
    let now: Int64?
    let advanceMS: Int64?
    let frozen: Bool?
    enum CodingKeys: String, CodingKey { case now, advanceMS = "advance_ms", frozen }
}

struct ClockBody: ResponseEncodable, JSONObject {
    let state: EmulatorClock.State

    func write(to fields: inout JSONFields) throws {
        try fields.write("now", state.now)
        try fields.write("frozen", state.frozen)
        try fields.write("offset_ms", state.offset)
    }
}

struct FaultList: ResponseEncodable, JSONObject {
    let faults: [FaultInjection.Fault]

    func write(to fields: inout JSONFields) throws {
        try fields.write("faults", faults)
    }
}

/// A list answered under one key, such as `{"requests": [...]}`.
struct KeyedList<Item: JSONObject>: ResponseEncodable, JSONObject {
    let key: String
    let items: [Item]

    func write(to fields: inout JSONFields) throws {
        try fields.write(key, items)
    }
}

extension DeliveryAttempts.Attempt: JSONObject {
    func write(to fields: inout JSONFields) throws {
        try fields.write("feed", feed)
        try fields.write("url", url)
        try fields.write("category", category)
        try fields.write("event_seq", seq)
        try fields.write("status_code", statusCode)
        try fields.write("attempt", attempt)
        try fields.write("attempted_at", at)
    }
}

extension RequestJournal.Entry: JSONObject {
    func write(to fields: inout JSONFields) throws {
        try fields.write("id", id)
        try fields.write("at", at)
        try fields.write("method", method)
        try fields.write("path", path)
        try fields.write("query", query)
        try fields.write("token", token)
        try fields.write("status", status)
        try fields.write("duration_ms", (milliseconds * 100).rounded() / 100)
        try fields.write("request_body", requestBody)
        try fields.write("response_body", responseBody)
    }
}
