import Foundation
import Hummingbird
import Logging

/// The request log (at `info`): one line per request, with its method, path, status and
/// duration.
enum RequestLog {
    static func write(_ request: Request, _ status: HTTPResponse.Status, nanoseconds: UInt64, to logger: Logger) {
        let milliseconds = Double(nanoseconds) / 1e6
        logger.info("\(request.method) \(request.uri.path) \(status.code) \(String(format: "%.1f", milliseconds))ms")
    }
}
