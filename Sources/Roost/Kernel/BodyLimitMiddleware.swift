import Hummingbird
import NIOCore

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
