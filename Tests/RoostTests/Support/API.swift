import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Roost
import Testing

/// Sends Sendbird-style requests: JSON bodies and the `Api-Token` header.
struct API: Sendable {
    static let token = "test-api-token"
    let client: any TestClientProtocol
    /// Where the server under test keeps its snapshot files.
    var snapshotsDirectory: String?

    struct Reply: CustomStringConvertible {
        let status: HTTPResponse.Status
        let json: JSONValue
        let headers: HTTPFields
        let body: Data

        /// The body as text, for answers that are not JSON.
        var text: String { String(decoding: body, as: UTF8.self) }

        subscript(key: String) -> JSONValue { json[key] }

        var description: String { "\(status.code) \(json)" }
    }

    func call(
        _ method: HTTPRequest.Method,
        _ path: String,
        body: String? = nil,
        token: String? = API.token,
        headers extra: HTTPFields = [:]
    ) async throws -> Reply {
        var headers = extra
        if let token { headers[HTTPField.Name("Api-Token")!] = token }
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        let response = try await client.execute(
            uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }
        )
        let bytes = Data(buffer: response.body)
        let isJSON = response.headers[.contentType]?.hasPrefix("application/json") ?? true
        let json = bytes.isEmpty || !isJSON ? .null : try JSONDecoder().decode(JSONValue.self, from: bytes)
        return Reply(status: response.status, json: json, headers: response.headers, body: bytes)
    }

    func get(_ path: String) async throws -> Reply { try await call(.get, path) }
    func delete(_ path: String) async throws -> Reply { try await call(.delete, path) }
    func post(_ path: String, _ body: String) async throws -> Reply { try await call(.post, path, body: body) }
    func put(_ path: String, _ body: String) async throws -> Reply { try await call(.put, path, body: body) }

    /// Creates a user and checks that it worked.
    @discardableResult
    func createUser(_ userID: String, nickname: String? = nil, extra: String = "") async throws -> Reply {
        let fields = [
            "\"user_id\": \(quoted(userID))",
            "\"nickname\": \(quoted(nickname ?? userID))",
            "\"profile_url\": \"\"",
        ] + (extra.isEmpty ? [] : [extra])
        let reply = try await post("/v3/users", "{\(fields.joined(separator: ", "))}")
        #expect(reply.status == .ok, "creating \(userID): \(reply)")
        return reply
    }
}

/// A JSON string literal of `text`.
func quoted(_ text: String) -> String {
    String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
}

/// Percent-encodes a path segment, including `/` and `%`.
func pathSegment(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
}

/// Checks that a reply is Sendbird's error envelope with this status and code.
/// A step the test does not read the answer of, but which must have succeeded.
func expectOK(_ reply: API.Reply, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(reply.status == .ok, "\(reply)", sourceLocation: sourceLocation)
}

func expectError(_ reply: API.Reply, status: HTTPResponse.Status = .badRequest, code: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(reply.status == status, "\(reply)", sourceLocation: sourceLocation)
    #expect(reply["error"] == true, "\(reply)", sourceLocation: sourceLocation)
    #expect(reply["code"].int == code, "\(reply)", sourceLocation: sourceLocation)
    #expect(reply["message"].string?.isEmpty == false, "\(reply)", sourceLocation: sourceLocation)
}
