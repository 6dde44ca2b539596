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
        return clock.state
    }

    @Sendable func changeClock(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        let body = try await request.decodeJSON(ClockChange.self)
        guard body.now != nil || body.advanceMS != nil || body.frozen != nil else { throw APIError.missing("now") }
        return try await clock.change(to: body.now, advancingBy: body.advanceMS, frozen: body.frozen)
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
        return RequestList(requests: emulator.journal.entries(
            limit: limit, pathPrefix: query.string("path_prefix"), status: try query.int("status"), since: since
        ))
    }

    @Sendable func listDeliveries(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        let limit = try request.query.int("limit") ?? 100
        guard (1...1000).contains(limit) else { throw APIError.outOfRange("limit", 1...1000) }
        let feed = request.query.string("feed")
        return DeliveryList(deliveries: Array(emulator.deliveries.all.filter { feed == nil || $0.feed == feed }.suffix(limit)))
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

struct SnapshotList: ResponseEncodable, Encodable {
    let snapshots: [SnapshotStore.Snapshot]
}

extension SnapshotStore.Snapshot: ResponseEncodable {}

struct ClockChange: Decodable {
    let now: Int64?
    let advanceMS: Int64?
    let frozen: Bool?
    enum CodingKeys: String, CodingKey { case now, advanceMS = "advance_ms", frozen }
}

extension EmulatorClock.State: ResponseEncodable {}

struct FaultList: ResponseEncodable, Encodable {
    let faults: [FaultInjection.Fault]
}

struct RequestList: ResponseEncodable, Encodable {
    let requests: [RequestJournal.Entry]
}

struct DeliveryList: ResponseEncodable, Encodable {
    let deliveries: [DeliveryAttempts.Attempt]
}

