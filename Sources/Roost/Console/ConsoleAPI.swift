import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// The console's only way to change or read the application: each call is a request to
/// Roost's own API, answered in process by the same router, middleware and services a
/// client's request goes through, with the signed-in admin's token. So the console follows
/// the same rules, records the same events and meets the same errors as any client.
final class ConsoleAPI: Sendable {
    private let responder = Mutex<RouterResponder<RoostContext>?>(nil)

    /// The whole server's responder, once it is built (the console's routes are part of it).
    func connect(_ responder: RouterResponder<RoostContext>) {
        self.responder.withLock { $0 = responder }
    }

    /// An API answer: its status and JSON body.
    struct Reply: Sendable {
        let status: HTTPResponse.Status
        let json: AnyJSON

        /// Sendbird's error message, when the call failed.
        var failure: String? {
            guard status.code >= 400 else { return nil }
            return json["message"]?.stringValue ?? "The request failed with status \(status.code)."
        }
    }

    func call(_ method: HTTPRequest.Method, _ path: String, body: AnyJSON? = nil, token: String, context: RoostContext) async throws -> Reply {
        let response = try await respond(method, path, body: body, token: token, context: context)
        let collected = CollectedBytes()
        try await response.body.write(BodyCollector(collected: collected))
        let bytes = collected.storage.withLock { $0 }
        let json = bytes.isEmpty ? AnyJSON.null : (try? JSONDecoder().decode(AnyJSON.self, from: Data(bytes))) ?? .null
        return Reply(status: response.status, json: json)
    }

    /// The answer itself, for one the console passes on as it comes (the live event stream).
    func respond(
        _ method: HTTPRequest.Method, _ path: String, body: AnyJSON? = nil, token: String, context: RoostContext,
        accept: String? = nil
    ) async throws -> Response {
        guard let responder = responder.withLock({ $0 }) else { throw APIError.unexpected }
        var headers: HTTPFields = [.apiToken: token, .contentType: "application/json"]
        if let accept { headers[.accept] = accept }
        let bytes = try body.map { try JSONEncoder().encode($0) } ?? Data()
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "roost", path: path, headerFields: headers),
            body: RequestBody(buffer: ByteBuffer(bytes: bytes))
        )
        var inner = context
        inner.apiToken = nil
        return try await responder.respond(to: request, context: inner)
    }
}

/// Gathers a response body written in one or more parts.
private struct BodyCollector: ResponseBodyWriter {
    let collected: CollectedBytes

    mutating func write(_ buffer: ByteBuffer) async throws {
        collected.storage.withLock { $0.append(contentsOf: buffer.readableBytesView) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

private final class CollectedBytes: Sendable {
    let storage = Mutex<[UInt8]>([])
}

extension AnyJSON {
    subscript(key: String) -> AnyJSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var arrayValue: [AnyJSON] {
        if case .array(let values) = self { return values }
        return []
    }

    var intValue: Int64? {
        switch self {
        case .integer(let value): value
        case .number(let value): Int64(exactly: value.rounded(.towardZero))
        default: nil
        }
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}
