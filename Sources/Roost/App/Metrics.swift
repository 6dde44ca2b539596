import Hummingbird
import HummingbirdCore
import Metrics
import NIOCore
import Prometheus

/// An application's metrics, recorded through swift-metrics into a Prometheus registry of its
/// own and written out by `GET /metrics`: requests by route pattern, method and status with
/// their latency, open connections, webhook delivery lag and the size of each database write
/// batch (group commit). Each metric is made with this factory rather than swift-metrics'
/// process-wide one, so two applications in one process (as in the tests) count apart.
struct RoostMetrics: Sendable {
    let factory: any MetricsFactory
    private let registry: PrometheusCollectorRegistry

    init() {
        // A registry of its own: the factory's default one is shared by the whole process.
        var factory = PrometheusMetricsFactory(registry: PrometheusCollectorRegistry())
        factory.defaultDurationHistogramBuckets = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .seconds(5),
        ]
        factory.valueHistogramBuckets[GroupCommit.batchSizeMetric] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]
        self.factory = factory
        registry = factory.registry
    }

    static let openConnections = "roost_open_connections"

    /// Every metric in Prometheus's text format.
    func exposition() -> Response {
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
    private let gauge: Meter

    init(maximum: Int, metrics: RoostMetrics) {
        limit = MaximumAvailableConnections(maximum)
        gauge = Meter(label: RoostMetrics.openConnections, factory: metrics.factory)
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
