import Foundation
import Hummingbird
import Logging

/// The request log (at `info`): one line per request, with its method, path, status and
/// duration.
enum RequestLog {
    static func write(_ request: Request, _ status: HTTPResponse.Status, since start: ContinuousClock.Instant, to logger: Logger) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info("\(request.method) \(request.uri.path) \(status.code) \(String(format: "%.1f", milliseconds))ms")
    }
}
