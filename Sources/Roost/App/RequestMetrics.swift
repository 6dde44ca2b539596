import Foundation
import Hummingbird
import Metrics
import Synchronization

/// Records every request into swift-metrics under the names Hummingbird's own
/// `MetricsMiddleware` uses: a counter by route pattern, method and status (`hb_requests`)
/// and a latency timer (`http_server_request_duration`). Roost keeps its own because
/// Hummingbird's takes two locks, a gauge and a closure on the response body per request,
/// which cost `GET /health` a quarter of its rate; this one finds its cached handles under
/// one lock. `RequestChain` calls it with each answer's final status, errors included.
struct RequestMetrics: Sendable {
    private let handles: Handles

    init(metrics: RoostMetrics) {
        handles = Handles(factory: metrics.factory)
    }

    /// Counts one answer, which took `nanoseconds`.
    func record(_ request: Request, _ context: RoostContext, _ status: HTTPResponse.Status, nanoseconds: UInt64) {
        let recorders = handles.recorders(route: context.endpointPath ?? "NotFound", method: request.method, status: status)
        recorders.requests.increment()
        recorders.duration.recordNanoseconds(nanoseconds)
    }

    /// The counter and timer of each route, method and status seen so far.
    private final class Handles: Sendable {
        struct Key: Hashable {
            let route: String
            let method: HTTPRequest.Method
            let status: Int
        }

        struct Recorders {
            let requests: Counter
            let duration: Metrics.Timer
        }

        private let cache = Mutex<[Key: Recorders]>([:])
        private let factory: any MetricsFactory

        init(factory: any MetricsFactory) {
            self.factory = factory
        }

        func recorders(route: String, method: HTTPRequest.Method, status: HTTPResponse.Status) -> Recorders {
            let key = Key(route: route, method: method, status: status.code)
            return cache.withLock { cache in
                if let found = cache[key] { return found }
                let dimensions = [
                    ("http.route", route), ("http.request.method", method.rawValue), ("http.response.status_code", String(status.code)),
                ]
                let made = Recorders(
                    requests: Counter(label: "hb.requests", dimensions: dimensions, factory: factory),
                    duration: Metrics.Timer(
                        label: "http.server.request.duration", dimensions: dimensions, preferredDisplayUnit: .seconds, factory: factory
                    )
                )
                cache[key] = made
                return made
            }
        }
    }
}
