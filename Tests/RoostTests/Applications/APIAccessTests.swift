import Testing

/// Secondary API tokens and the IP whitelist, through the routes that manage them and the
/// requests they let in or keep out.
@Suite struct APIAccessTests {
    @Test func secondaryTokensWorkUntilRevokedAndCannotManageTokens() async throws {
        try await withServer { api in
            let issued = try await api.post("/v3/applications/api_tokens", "{}")
            #expect(issued.status == .ok, "\(issued)")
            let token = try #require(issued["token"].string)
            #expect(token.count == 40)
            #expect(issued["created_at"].int == 1_700_000_000)

            #expect(try await api.call(.get, "/v3/users", token: token).status == .ok)
            expectError(try await api.call(.get, "/v3/applications/api_tokens", token: token), code: 400108)
            expectError(try await api.call(.post, "/v3/applications/api_tokens", body: "{}", token: token), code: 400108)

            let listed = try await api.get("/v3/applications/api_tokens")["api_tokens"].array
            #expect(listed.map { $0["token"].string } == [token], "the master token is never listed")
            #expect(try await api.get("/v3/applications/api_tokens/\(token)")["token"].string == token)
            expectError(try await api.get("/v3/applications/api_tokens/\(API.token)"), code: 400201)
            expectError(try await api.delete("/v3/applications/api_tokens/\(API.token)"), code: 400111)

            #expect(try await api.delete("/v3/applications/api_tokens/\(token)")["token"].string == token)
            expectError(try await api.call(.get, "/v3/users", token: token), status: .unauthorized, code: 400401)
            expectError(try await api.delete("/v3/applications/api_tokens/\(token)"), code: 400201)
            expectError(try await api.post("/v3/applications/api_tokens", #"{"HTTP_API_TOKEN": "wrong"}"#), status: .unauthorized, code: 400401)
        }
    }

    @Test func tenSecondaryTokensAtMost() async throws {
        try await withServer { api in
            for _ in 0..<10 { #expect(try await api.post("/v3/applications/api_tokens", "{}").status == .ok) }
            expectError(try await api.post("/v3/applications/api_tokens", "{}"), code: 400203)
            #expect(try await api.get("/v3/applications/api_tokens")["api_tokens"].array.count == 10)
        }
    }

    @Test func theWhitelistKeepsOtherAddressesOut() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try await withServer(database: database) { api in
            let added = try await api.put("/v3/applications/settings/ip_whitelist", #"{"ip_whitelist_addresses": ["10.1.2.3/8", "192.0.2.2", "2001:db8::1/32"]}"#)
            #expect(added["ip_whitelist_addresses"].array.compactMap(\.string) == ["10.0.0.0/8", "192.0.2.2/32", "2001:db8::/32"])
            expectError(try await api.get("/v3/users"), status: .forbidden, code: 403100)
            expectError(try await api.get("/roost/events"), status: .forbidden, code: 403100)
            #expect(try await api.get("/health").status == .ok)
        }
        try await withServer(database: database) { api in
            expectError(try await api.get("/v3/users"), status: .forbidden, code: 403100)
        }
        try await withServer(database: database, clearIPWhitelist: true) { api in
            #expect(try await api.get("/v3/users").status == .ok)
            let loopback = try await api.put("/v3/applications/settings/ip_whitelist", #"{"ip_whitelist_addresses": ["127.0.0.0/8", "10.0.0.0/8"]}"#)
            #expect(loopback["ip_whitelist_addresses"].array.count == 2)
            #expect(try await api.get("/v3/users").status == .ok, "a listed range lets its addresses in")
            let left = try await api.delete("/v3/applications/settings/ip_whitelist?ip_whitelist_addresses=10.0.0.0/8")
            #expect(left["ip_whitelist_addresses"].array.compactMap(\.string) == ["127.0.0.0/8"])
            let emptied = try await api.call(.delete, "/v3/applications/settings/ip_whitelist", body: #"{"ip_whitelist_addresses": ["127.0.0.1/8"]}"#)
            #expect(emptied["ip_whitelist_addresses"].array.isEmpty)
        }
    }

    @Test func badWhitelistInputIsRefusedWhole() async throws {
        try await withServer { api in
            for body in [#"{"ip_whitelist_addresses": ["10.0.0.0/33"]}"#, #"{"ip_whitelist_addresses": ["10.0.0.1", "nonsense"]}"#, #"{"ip_whitelist_addresses": ["1.2.3"]}"#] {
                expectError(try await api.put("/v3/applications/settings/ip_whitelist", body), code: 400111)
            }
            expectError(try await api.put("/v3/applications/settings/ip_whitelist", #"{"ip_whitelist_addresses": []}"#), code: 400105)
            expectError(try await api.put("/v3/applications/settings/ip_whitelist", #"{"ip_whitelist_addresses": "10.0.0.1"}"#), code: 400102)
            #expect(try await api.get("/v3/applications/settings/ip_whitelist")["ip_whitelist_addresses"].array.isEmpty)
        }
    }
}
