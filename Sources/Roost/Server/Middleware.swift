import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

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

/// Reads the whole request body up front, up to the configured limit (a larger one for
/// multipart uploads), so that handlers decode from memory and an oversized body is refused
/// before any work is done.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = RoostContext
    let maxSize: Int
    let maxUploadSize: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        let limit = request.multipartBoundary == nil ? maxSize : maxUploadSize
        do {
            _ = try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge(max: limit)
        }
        return try await next(request, context)
    }
}

/// Sendbird's authentication: every `/v3` request carries the master token in `Api-Token`.
struct APITokenMiddleware: RouterMiddleware {
    typealias Context = RoostContext
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let given = request.headers[.apiToken], constantTimeEquals(given, token) else {
            throw APIError.invalidAPIToken
        }
        return try await next(request, context)
    }

    private func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension HTTPField.Name {
    static let apiToken = Self("Api-Token")!
}
