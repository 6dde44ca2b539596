import Hummingbird
import NIOCore

/// Reads the whole request body up front, up to the configured limit (a larger one for
/// multipart uploads), so that handlers decode from memory and an oversized body is refused
/// before any work is done.
struct BodyLimit: Sendable {
    let maxSize: Int
    let maxUploadSize: Int

    func read(_ request: inout Request) async throws {
        let limit = request.multipartBoundary == nil ? maxSize : maxUploadSize
        do {
            _ = try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge(max: limit)
        }
    }
}
