import HTTPTypes
import Testing

@testable import Roost

/// A JSON body is read when its media type is `application/json`, whatever the case, the
/// spaces around it or its parameters; any other media type is refused before the body is.
@Suite struct RequestBodyTests {
    @Test func jsonBodiesAreKnownByTheirMediaTypeAlone() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            let body = #"{"user_id": "alice", "nickname": "Alice", "profile_url": ""}"#
            for accepted in ["application/json", "Application/JSON; charset=utf-8", " \tapplication/json ;charset=UTF-8", "application/json\t"] {
                let reply = try await api.call(.put, "/v3/users/alice", body: body, headers: [.contentType: accepted])
                #expect(reply.status == .ok, "\(accepted): \(reply)")
            }
            for refused in ["text/plain", "application/jsonx", "application/ json", "application/json-patch+json", "json"] {
                expectError(try await api.call(.put, "/v3/users/alice", body: body, headers: [.contentType: refused]), status: .unsupportedMediaType, code: 400111)
            }
        }
    }
}
