import Hummingbird
import Logging
import NIOHTTP1

/// The one place errors become responses (`RequestChain` calls it for every request).
/// `APIError`s are written in Sendbird's envelope; anything else is logged with its cause and
/// answered as 500901 without leaking it.
enum ErrorResponses {
    static func response(to error: any Error, of request: Request, logger: Logger) -> Response {
        switch error {
        case let error as APIError:
            return response(for: error)
        case let error as HTTPError where error.status == .notFound:
            return response(for: .routeNotFound)
        case is HTTPParserError:
            // Found by reading the body: a chunk size that is no number, a chunk longer than it said.
            return response(for: .brokenHTTPFraming)
        default:
            logger.error("unexpected error on \(request.method) \(request.uri.path): \(String(reflecting: error))")
            return response(for: .unexpected)
        }
    }

    /// Sendbird's error envelope: `{"error": true, "code": ..., "message": ...}`.
    struct Envelope: Encodable {
        let error = true
        let code: Int
        let message: String

        init(_ error: APIError) {
            code = error.code
            message = error.message
        }
    }

    static func response(for error: APIError) -> Response {
        (try? jsonResponse(Envelope(error), status: error.status)) ?? Response(status: error.status)
    }
}
