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
                expectError(try await api.call(.put, "/v3/users/alice", body: body, headers: [.contentType: refused]), status: .badRequest, code: 400111)
            }
        }
    }

    /// SQLite keeps a text only up to its first NUL, so "\u0000zz" would have made a user whose
    /// id is empty, and "alice%00x" would have found alice: a NUL is refused in a JSON string,
    /// a path segment and a form's text field, and a query value holding one is taken as written.
    @Test func theNULCharacterIsRefusedWhereverItWouldBeCut() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            for body in [#"{"user_id": "\u0000zz", "nickname": "x", "profile_url": ""}"#, #"{"user_id": "a\u0000b", "nickname": "x", "profile_url": ""}"#] {
                expectError(try await api.post("/v3/users", body), code: 400151)
            }
            expectError(try await api.put("/v3/users/alice", #"{"nickname": "Al\u0000ice"}"#), code: 400151)
            // An escaped backslash followed by "u0000" is no NUL.
            let literal = try await api.put("/v3/users/alice", #"{"nickname": "Al\\u0000ice"}"#)
            #expect(literal["nickname"] == #"Al\u0000ice"#)
            expectError(try await api.get("/v3/users/alice%00x"), code: 400151)
            #expect(try await api.get("/v3/users?user_ids=alice%00x")["users"] == [])
            let (form, formType) = multipartForm(fields: [("user_id", "bob\u{0}"), ("nickname", "Bob"), ("profile_url", "")], file: nil)
            expectError(try await api.call(.post, "/v3/users", body: form, headers: [.contentType: formType]), code: 400151)
            #expect(try await api.get("/v3/users")["users"].array.count == 1)
        }
    }
}
