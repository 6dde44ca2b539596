import Foundation
import Hummingbird

/// Logs one line per request: method, path, status and duration.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = RoostContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        context.logger.info(
            "\(request.method) \(request.uri.path) \(response.status.code) \(String(format: "%.1f", milliseconds))ms"
        )
        return response
    }
}
