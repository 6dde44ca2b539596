import Hummingbird
import HummingbirdCore
import Metrics
import NIOCore
import Prometheus

/// Roost's metrics, recorded through swift-metrics into a Prometheus registry and written
/// out by `GET /metrics`: requests by route pattern, method and status with their latency
/// (Hummingbird's `MetricsMiddleware`), requests in progress, open connections and the
/// size of each database write batch (group commit).
enum RoostMetrics {
    /// swift-metrics has one backend per process; the first application built installs it.
    private static let registry: PrometheusCollectorRegistry = {
        var factory = PrometheusMetricsFactory()
        factory.defaultDurationHistogramBuckets = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .seconds(5),
        ]
        factory.valueHistogramBuckets[GroupCommit.batchSizeMetric] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]
        MetricsSystem.bootstrap(factory)
        return factory.registry
    }()

    static let openConnections = "roost_open_connections"

    static func bootstrap() {
        _ = registry
    }

    /// Every metric in Prometheus's text format.
    static func exposition() -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer()))
        )
    }
}

/// Hummingbird's cap on open connections, also counting them for `/metrics`.
struct CountedConnections: AvailableConnectionsDelegate {
    private var limit: MaximumAvailableConnections
    private let gauge = Meter(label: RoostMetrics.openConnections)

    init(maximum: Int) {
        limit = MaximumAvailableConnections(maximum)
    }

    mutating func connectionOpened() {
        limit.connectionOpened()
        gauge.increment()
    }

    mutating func connectionClosed() {
        limit.connectionClosed()
        gauge.decrement()
    }

    func isAcceptingNewConnections() -> Bool {
        limit.isAcceptingNewConnections()
    }
}
