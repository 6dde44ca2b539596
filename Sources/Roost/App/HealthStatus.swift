import Hummingbird

/// What `GET /health` answers: `status` is `ok` while writes go through, and `out_of_space`
/// (with `"writable": false`) from a write that failed for lack of disk space until space has
/// been freed; reads are answered meanwhile.
struct HealthStatus: ResponseEncodable, Sendable {
    let status: String
    let writable: Bool
    let message: String?

    init(storage: StorageHealth) {
        writable = storage.isWritable
        status = writable ? "ok" : "out_of_space"
        message = writable ? nil : APIError.outOfSpace.message
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
