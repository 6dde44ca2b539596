import Hummingbird

/// What `GET /health` answers: `status` is `ok` while writes go through; `out_of_space`
/// (with `"writable": false`) from a write that failed for lack of disk space until space has
/// been freed, reads being answered meanwhile; and, on PostgreSQL, `database_unreachable` from a
/// transaction that could not reach the server until one does.
struct HealthStatus: ResponseEncodable, Sendable {
    let status: String
    let writable: Bool
    let message: String?

    init(storage: StorageHealth) {
        writable = storage.isWritable
        let cause: APIError? = writable ? nil : storage.isReachable ? .outOfSpace : .databaseUnavailable
        status = cause.map { $0 == .databaseUnavailable ? "database_unreachable" : "out_of_space" } ?? "ok"
        message = cause?.message
    }
}

/// `GET /health` and `GET /metrics`: whether Roost can take writes, and its metrics in
/// Prometheus's text format. Neither needs a token.
struct HealthRoutes: Sendable {
    let storage: StorageHealth
    let metrics: RoostMetrics

    func register(on router: Router<RoostContext>) {
        router.get("/health", use: health)
        router.get("/metrics", use: exposition)
    }

    @Sendable func health(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        HealthStatus(storage: storage)
    }

    @Sendable func exposition(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        metrics.exposition()
    }
}
