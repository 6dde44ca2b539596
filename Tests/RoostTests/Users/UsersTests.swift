import Foundation
import Testing

@Suite struct UsersTests {
    @Test func createReturnsEveryUserField() async throws {
        try await withServer { api in
            let reply = try await api.post(
                "/v3/users",
                #"{"user_id": "alice", "nickname": "Alice", "profile_url": "https://x/a.png", "issue_access_token": true, "metadata": {"homeCity": "Seoul"}, "discovery_keys": ["k1", "k1", "k2"], "preferred_languages": ["en", "ko"]}"#
            )
            #expect(reply.status == .ok)
            #expect(reply["user_id"] == "alice")
            #expect(reply["nickname"] == "Alice")
            #expect(reply["profile_url"] == "https://x/a.png")
            #expect(reply["access_token"].string?.count == 40)
            #expect(reply["is_active"] == true)
            #expect(reply["is_online"] == false)
            #expect(reply["has_ever_logged_in"] == false)
            #expect(reply["last_seen_at"] == -1, "never connected")
            #expect(reply["created_at"].int == 1_700_000_000)
            #expect(reply["metadata"] == ["homeCity": "Seoul"])
            #expect(reply["discovery_keys"] == ["k1", "k2"])
            #expect(reply["preferred_languages"] == ["en", "ko"])
            #expect(reply["session_tokens"] == [])
            #expect(reply["phone_number"] == "" && reply["is_created"] == true)
            #expect(reply["require_auth_for_profile_image"] == false)
            // Only the answer to creating the user has these two (Sendbird's own integration tests).
            guard case .object(let viewed) = try await api.get("/v3/users/alice").json else { Issue.record("no user"); return }
            #expect(viewed["is_created"] == nil && viewed["phone_number"] == nil && viewed["locale"] == "")
        }
    }

    @Test func accessTokenIsEmptyUnlessIssued() async throws {
        try await withServer { api in
            let reply = try await api.createUser("bob")
            #expect(reply["access_token"] == "")
        }
    }

    @Test func duplicateUserIDIsRejected() async throws {
        try await withServer { api in
            try await api.createUser("alice")
            expectError(try await api.post("/v3/users", #"{"user_id": "alice", "nickname": "", "profile_url": ""}"#), code: 400202)
        }
    }

    @Test func createValidatesEachField() async throws {
        try await withServer { api in
            expectError(try await api.post("/v3/users", #"{"nickname": "", "profile_url": ""}"#), code: 400105)
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "profile_url": ""}"#), code: 400105)
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "nickname": ""}"#), code: 400105)
            expectError(try await api.post("/v3/users", #"{"user_id": null, "nickname": "", "profile_url": ""}"#), code: 400105)
            expectError(try await api.post("/v3/users", #"{"user_id": 7, "nickname": "", "profile_url": ""}"#), code: 400100)
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "nickname": "", "profile_url": "", "issue_access_token": "yes"}"#), code: 400104)
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "nickname": "", "profile_url": "", "discovery_keys": "k"}"#), code: 400102)
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "nickname": "", "profile_url": "", "metadata": "m"}"#), code: 400103)
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "nickname": "", "profile_url": "", "metadata": {"k": [1]}}"#), code: 400100)
            expectError(try await api.post("/v3/users", #"{"user_id": "", "nickname": "", "profile_url": ""}"#), code: 400151)
            expectError(try await api.post("/v3/users", #"{"user_id": "   ", "nickname": "", "profile_url": ""}"#), code: 400151)
            let long = String(repeating: "x", count: 81)
            expectError(try await api.post("/v3/users", #"{"user_id": "\#(long)", "nickname": "", "profile_url": ""}"#), code: 400110)
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "nickname": "\#(long)", "profile_url": ""}"#), code: 400110)
            let url = String(repeating: "u", count: 2049)
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "nickname": "", "profile_url": "\#(url)"}"#), code: 400110)
            let six = (1...6).map { "\"k\($0)\": \"v\"" }.joined(separator: ", ")
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "nickname": "", "profile_url": "", "metadata": {\#(six)}}"#), code: 400203)
            expectError(try await api.post("/v3/users", #"{"user_id": "a", "nickname": "", "profile_url": "", "metadata": {"a,b": "v"}}"#), code: 400151)
            #expect(try await api.get("/v3/users?active_mode=all")["users"] == [])
        }
    }

    @Test func idsWithSpacesSlashesPercentAndUnicodeWorkInPaths() async throws {
        try await withServer { api in
            for userID in ["with space", "a/b", "100%", "사용자 ☕️", "plus+sign", "q?x#y"] {
                try await api.createUser(userID)
                let reply = try await api.get("/v3/users/\(pathSegment(userID))")
                #expect(reply.status == .ok, "\(userID): \(reply)")
                #expect(reply["user_id"].string == userID)
                let metadata = try await api.post("/v3/users/\(pathSegment(userID))/metadata", #"{"metadata": {"k": "v"}}"#)
                #expect(metadata.status == .ok, "\(userID): \(metadata)")
            }
            let listed = try await api.get("/v3/users?user_ids=\(pathSegment("with space")),\(pathSegment("a/b"))")
            #expect(Set(listed["users"].array.compactMap { $0["user_id"].string }) == ["with space", "a/b"])
        }
    }

    @Test func viewUnknownUserIs400201() async throws {
        try await withServer { api in
            expectError(try await api.get("/v3/users/ghost"), code: 400201)
            expectError(try await api.put("/v3/users/ghost", #"{"nickname": "x"}"#), code: 400201)
            expectError(try await api.delete("/v3/users/ghost"), code: 400201)
        }
    }

    @Test func listPagesWithNext() async throws {
        try await withServer { api in
            for index in 0..<25 {
                try await api.createUser(String(format: "user%02d", index))
            }
            let first = try await api.get("/v3/users")
            #expect(first["users"].array.count == 10)
            var seen = first["users"].array.compactMap { $0["user_id"].string }
            var next = first["next"].string ?? ""
            while !next.isEmpty {
                let page = try await api.get("/v3/users?limit=10&token=\(next)")
                seen += page["users"].array.compactMap { $0["user_id"].string }
                next = page["next"].string ?? ""
            }
            #expect(seen == (0..<25).map { String(format: "user%02d", $0) })

            let exact = try await api.get("/v3/users?limit=25")
            #expect(exact["users"].array.count == 25)
            #expect(exact["next"] == "")
            expectError(try await api.get("/v3/users?limit=0"), code: 400113)
            expectError(try await api.get("/v3/users?limit=101"), code: 400113)
            expectError(try await api.get("/v3/users?limit=ten"), code: 400101)
        }
    }

    @Test func listFilters() async throws {
        try await withServer { api in
            try await api.createUser("ann", nickname: "Annie", extra: #""metadata": {"team": "red"}"#)
            try await api.createUser("andy", nickname: "Andy", extra: #""metadata": {"team": "blue"}"#)
            try await api.createUser("bea", nickname: "Bea", extra: #""metadata": {"team": "green"}"#)
            try await api.createUser("ann2", nickname: "Annie")
            #expect(try await api.put("/v3/users/bea", #"{"is_active": false}"#).status == .ok)

            func ids(_ query: String) async throws -> [String] {
                let reply = try await api.get("/v3/users?\(query)")
                #expect(reply.status == .ok, "\(query): \(reply)")
                return reply["users"].array.compactMap { $0["user_id"].string }
            }
            #expect(try await ids("") == ["ann", "andy", "ann2"])
            #expect(try await ids("active_mode=activated") == ["ann", "andy", "ann2"])
            #expect(try await ids("active_mode=deactivated") == ["bea"])
            #expect(try await ids("active_mode=all") == ["ann", "andy", "bea", "ann2"])
            #expect(try await ids("user_ids=bea,andy,nobody&active_mode=all") == ["andy", "bea"])
            let tooMany = (0...250).map { "u\($0)" }.joined(separator: ",")
            expectError(try await api.get("/v3/users?user_ids=\(tooMany)"), code: 400203)
            #expect(try await ids("nickname=Annie") == ["ann", "ann2"])
            #expect(try await ids("nickname_startswith=An") == ["ann", "andy", "ann2"])
            #expect(try await ids("nickname_startswith=an") == [])
            #expect(try await ids("metadatakey=team&metadatavalues_in=red,green&active_mode=all") == ["ann", "bea"])
            #expect(try await ids("show_bot=false") == ["ann", "andy", "ann2"])
            expectError(try await api.get("/v3/users?active_mode=sleeping"), code: 400111)
            expectError(try await api.get("/v3/users?show_bot=maybe"), code: 400104)
        }
    }

    @Test func updateChangesOnlyWhatIsGiven() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            let created = try await api.createUser("carol", extra: #""issue_access_token": true"#)
            let reply = try await api.put(
                "/v3/users/carol",
                #"{"nickname": "Caz", "last_seen_at": 1234, "discovery_keys": ["d"], "preferred_languages": ["fr"], "user_id": "carol"}"#
            )
            #expect(reply.status == .ok)
            #expect(reply["nickname"] == "Caz")
            #expect(reply["profile_url"] == "")
            // Carol never connected: the time is kept all the same (Sendbird's Update a user
            // page), and she has still never logged in.
            #expect(reply["last_seen_at"] == 1234 && reply["has_ever_logged_in"] == false)
            #expect(try await api.get("/v3/users/carol")["last_seen_at"] == 1234)
            #expect(try await api.put("/v3/users/carol", #"{"nickname": "Caz"}"#)["last_seen_at"] == 1234, "kept by an update that gives none")
            #expect(reply["discovery_keys"] == ["d"])
            #expect(reply["preferred_languages"] == ["fr"])
            #expect(reply["access_token"] == created["access_token"])

            let reissued = try await api.put("/v3/users/carol", #"{"issue_access_token": true}"#)
            #expect(reissued["access_token"].string?.count == 40)
            #expect(reissued["access_token"] != created["access_token"])

            let withSession = try await api.put("/v3/users/carol", #"{"issue_session_token": true}"#)
            #expect(withSession["session_tokens"][0]["expires_at"].int == 1_700_000_000_000 + 7 * 86_400_000)
            #expect(withSession["session_tokens"][0]["session_token"].string?.isEmpty == false)

            expectError(try await api.put("/v3/users/carol", #"{"nickname": 5}"#), code: 400100)
            expectError(try await api.put("/v3/users/carol", #"{"is_active": "no"}"#), code: 400104)
            expectError(try await api.put("/v3/users/carol", #"{"last_seen_at": -1}"#), code: 400106)
            expectError(try await api.put("/v3/users/carol", #"{"preferred_languages": ["a", "b", "c", "d", "e"]}"#), code: 400203)
        }
    }

    @Test func deactivateAndReactivate() async throws {
        try await withServer { api in
            try await api.createUser("dave")
            #expect(try await api.put("/v3/users/dave", #"{"is_active": false, "leave_all_when_deactivated": true}"#)["is_active"] == false)
            #expect(try await api.get("/v3/users/dave")["is_active"] == false)
            #expect(try await api.put("/v3/users/dave", #"{"is_active": true}"#)["is_active"] == true)
        }
    }

    @Test func deleteRemovesUserAndMetadata() async throws {
        try await withServer { api in
            try await api.createUser("erin", extra: #""metadata": {"k": "v"}"#)
            let reply = try await api.delete("/v3/users/erin")
            #expect(reply.status == .ok)
            #expect(reply.json == [:])
            expectError(try await api.get("/v3/users/erin"), code: 400201)
            try await api.createUser("erin")
            #expect(try await api.get("/v3/users/erin")["metadata"] == [:])
        }
    }

    @Test func sessionTokens() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUser("fay")
            let defaulted = try await api.post("/v3/users/fay/token", "{}")
            #expect(defaulted.status == .ok)
            #expect(defaulted["expires_at"].int == 1_700_000_000_000 + 7 * 86_400_000)
            #expect((defaulted["token"].string?.count ?? 0) >= 40)

            let chosen = try await api.post("/v3/users/fay/token", #"{"expires_at": 1700000999000}"#)
            #expect(chosen["expires_at"] == 1_700_000_999_000)
            #expect(chosen["token"] != defaulted["token"])

            expectError(try await api.post("/v3/users/fay/token", #"{"expires_at": 1600000000000}"#), code: 400111)
            expectError(try await api.post("/v3/users/fay/token", #"{"expires_at": "soon"}"#), code: 400101)
            expectError(try await api.post("/v3/users/ghost/token", "{}"), code: 400201)

            func reads(with token: String) async throws -> API.Reply {
                try await api.call(.get, "/roost/events?user_id=fay", token: nil, headers: [.init("Session-Key")!: token])
            }
            let issued = try #require(defaulted["token"].string)
            #expect(try await reads(with: issued).status == .ok)
            #expect(try await api.put("/v3/users/fay", #"{"issue_session_token": true}"#)["session_tokens"].array.count == 1)
            #expect(try await api.delete("/v3/users/fay/token").json == [:])
            expectError(try await reads(with: issued), status: .unauthorized, code: 400302)
            #expect(try await api.get("/v3/users/fay")["session_tokens"] == [])
            expectError(try await api.delete("/v3/users/ghost/token"), code: 400201)
        }
    }

    @Test func channelInvitationPreference() async throws {
        try await withServer { api in
            try await api.createUser("gus")
            #expect(try await api.get("/v3/applications/default_channel_invitation_preference")["auto_accept"] == true)
            #expect(try await api.get("/v3/users/gus/channel_invitation_preference")["auto_accept"] == true)

            // A new default is for users created from now on: existing users keep theirs.
            #expect(try await api.put("/v3/applications/default_channel_invitation_preference", #"{"auto_accept": false}"#)["auto_accept"] == false)
            #expect(try await api.get("/v3/users/gus/channel_invitation_preference")["auto_accept"] == true)
            try await api.createUser("hal")
            #expect(try await api.get("/v3/users/hal/channel_invitation_preference")["auto_accept"] == false)

            #expect(try await api.put("/v3/users/gus/channel_invitation_preference", #"{"auto_accept": false}"#)["auto_accept"] == false)
            #expect(try await api.get("/v3/users/gus/channel_invitation_preference")["auto_accept"] == false)
            #expect(try await api.put("/v3/applications/default_channel_invitation_preference", #"{"auto_accept": true}"#)["auto_accept"] == true)
            #expect(try await api.get("/v3/users/hal/channel_invitation_preference")["auto_accept"] == false)
            #expect(try await api.get("/v3/users/gus/channel_invitation_preference")["auto_accept"] == false)

            expectError(try await api.put("/v3/users/gus/channel_invitation_preference", "{}"), code: 400105)
            expectError(try await api.put("/v3/users/gus/channel_invitation_preference", #"{"auto_accept": 1}"#), code: 400104)
            expectError(try await api.get("/v3/users/ghost/channel_invitation_preference"), code: 400201)
        }
    }
}
