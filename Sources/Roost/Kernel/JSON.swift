import Foundation
import Hummingbird

/// The one JSON configuration of the server. Wire types spell their properties exactly as
/// Sendbird's JSON does (snake_case), so no key strategy is needed, and user-chosen
/// dictionary keys such as metadata keys pass through untouched.
enum JSON {
    static let encoder = StreamingJSONEncoder()
    static let decoder = JSONDecoder()
}

extension StreamingJSONEncoder: ResponseEncoder {
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        try jsonResponse(value)
    }
}

/// A JSON response written with the shared encoder, for routes whose body type varies and
/// for error envelopes.
func jsonResponse(_ body: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    Response(
        status: status,
        headers: [.contentType: "application/json; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(bytes: try JSON.encoder.encode(body)))
    )
}
