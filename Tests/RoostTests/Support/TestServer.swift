import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Roost
import Testing

/// A clock tests can move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Int64

    init(_ start: Int64 = 1_700_000_000_000) {
        current = start
    }

    var now: Int64 { lock.withLock { current } }

    func advance(milliseconds: Int64) {
        lock.withLock { current += milliseconds }
    }

    var wallClock: WallClock { WallClock { self.now } }
}

/// A fresh SQLite file in the temporary folder, removed with its WAL files afterwards.
struct TemporaryDatabase {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("roost-test-\(UUID().uuidString).sqlite").path

    func remove() {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}

/// Runs Roost on a loopback port over a real SQLite file and hands the test an HTTP client.
func withServer<Value>(
    database: TemporaryDatabase? = nil,
    clock: TestClock = TestClock(),
    maxBodySize: Int = Settings.defaults.maxBodySize,
    maxMessagesPerSecond: Int = 0,
    testing: TestingSetup = .live,
    _ test: @Sendable (API) async throws -> Value
) async throws -> Value {
    let file = database ?? TemporaryDatabase()
    let uploads = FileManager.default.temporaryDirectory.appendingPathComponent("roost-uploads-\(UUID().uuidString)").path
    defer {
        if database == nil { file.remove() }
        try? FileManager.default.removeItem(atPath: uploads)
    }
    let settings = Settings(
        host: "127.0.0.1", port: 0, databasePath: file.path, apiToken: API.token,
        logLevel: .warning, maxBodySize: maxBodySize, maxUploadSize: 64 * 1024, uploadsDirectory: uploads,
        maxMessagesPerSecond: maxMessagesPerSecond
    )
    let app = try await buildApplication(settings, clock: clock.wallClock)
    return try await app.test(testing) { client in try await test(API(client: client)) }
}

/// Sends Sendbird-style requests: JSON bodies and the `Api-Token` header.
struct API: Sendable {
    static let token = "test-api-token"
    let client: any TestClientProtocol

    struct Reply: CustomStringConvertible {
        let status: HTTPResponse.Status
        let json: JSONValue
        let headers: HTTPFields

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
        let json = bytes.isEmpty ? .null : try JSONDecoder().decode(JSONValue.self, from: bytes)
        return Reply(status: response.status, json: json, headers: response.headers)
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
func expectError(_ reply: API.Reply, status: HTTPResponse.Status = .badRequest, code: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(reply.status == status, "\(reply)", sourceLocation: sourceLocation)
    #expect(reply["error"] == true, "\(reply)", sourceLocation: sourceLocation)
    #expect(reply["code"].int == code, "\(reply)", sourceLocation: sourceLocation)
    #expect(reply["message"].string?.isEmpty == false, "\(reply)", sourceLocation: sourceLocation)
}
