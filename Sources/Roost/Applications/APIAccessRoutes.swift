import Hummingbird

/// `/v3/applications/api_tokens` (the master token only) and
/// `/v3/applications/settings/ip_whitelist`.
struct APIAccessRoutes: Sendable {
    let access: APIAccessService

    func register(on group: RouterGroup<RoostContext>) {
        group.get("api_tokens", use: apiTokens)
        group.post("api_tokens", use: issueAPIToken)
        group.get("api_tokens/:api_token", use: apiToken)
        group.delete("api_tokens/:api_token", use: revokeAPIToken)

        group.get("settings/ip_whitelist", use: ipWhitelist)
        group.put("settings/ip_whitelist", use: addToIPWhitelist)
        group.delete("settings/ip_whitelist", use: removeFromIPWhitelist)
    }

    @Sendable func apiTokens(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        return TokenList(apiTokens: try await access.tokens())
    }

    @Sendable func issueAPIToken(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        // An older documented body names the master token again; when it does, it must be right.
        if let named = try await request.decodeJSON(GenerateTokenRequest.self).masterToken {
            guard access.access.isMaster(named) else { throw APIError.invalidAPIToken }
        }
        return try await access.generateToken()
    }

    @Sendable func apiToken(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        return try await access.token(try context.pathParameter("api_token"))
    }

    @Sendable func revokeAPIToken(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try context.requireMasterToken()
        return try await access.revokeToken(try context.pathParameter("api_token"))
    }

    @Sendable func ipWhitelist(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        Whitelist(addresses: try await access.whitelist())
    }

    @Sendable func addToIPWhitelist(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(WhitelistRequest.self)
        return Whitelist(addresses: try await access.allow(body.addresses ?? []))
    }

    @Sendable func removeFromIPWhitelist(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        // Sendbird's document puts the list in the query; its guide, in the body.
        var addresses = request.query.list("ip_whitelist_addresses") ?? request.query.list("ip_whitelist_addresses[]")
        if addresses == nil { addresses = try await request.decodeJSON(WhitelistRequest.self).addresses }
        return Whitelist(addresses: try await access.disallow(addresses ?? []))
    }
}

struct TokenList: ResponseEncodable {
    let apiTokens: [SecondaryAPIToken]

    enum CodingKeys: String, CodingKey {
        case apiTokens = "api_tokens"
    }
}

struct GenerateTokenRequest: Decodable {
    let masterToken: String?

    enum CodingKeys: String, CodingKey {
        case masterToken = "HTTP_API_TOKEN"
    }
}

struct Whitelist: ResponseEncodable {
    let addresses: [String]

    enum CodingKeys: String, CodingKey {
        case addresses = "ip_whitelist_addresses"
    }
}

struct WhitelistRequest: Decodable {
    let addresses: [String]?

    enum CodingKeys: String, CodingKey {
        case addresses = "ip_whitelist_addresses"
    }
}
