import Hummingbird

/// The one place errors become responses. `APIError`s are written in Sendbird's envelope;
/// anything else is logged with its cause and answered as 500901 without leaking it.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = RoostContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return Self.response(for: error)
        } catch let error as HTTPError where error.status == .notFound {
            return Self.response(for: .routeNotFound)
        } catch {
            context.logger.error("unexpected error on \(request.method) \(request.uri.path): \(String(reflecting: error))")
            return Self.response(for: .unexpected)
        }
    }

    private struct Envelope: Encodable {
        let error = true
        let code: Int
        let message: String
    }

    static func response(for error: APIError) -> Response {
        (try? jsonResponse(Envelope(code: error.code, message: error.message), status: error.status))
            ?? Response(status: error.status)
    }
}
