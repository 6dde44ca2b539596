import Hummingbird

/// `/v3/applications/api_tokens` (the master token only) and
/// `/v3/applications/settings/ip_whitelist`.
struct APIAccessRoutes: Sendable {
    let access: APIAccessService

    func register(on group: RouterGroup<RoostContext>) {
        group.get("api_tokens") { _, context in
            try context.requireMasterToken()
            return TokenList(apiTokens: try await access.tokens())
        }
        group.post("api_tokens") { request, context in
            try context.requireMasterToken()
            // An older documented body names the master token again; when it does, it must be right.
            if let named = try await request.decodeJSON(GenerateTokenRequest.self).masterToken {
                guard access.access.isMaster(named) else { throw APIError.invalidAPIToken }
            }
            return try await access.generateToken()
        }
        group.get("api_tokens/:api_token") { _, context in
            try context.requireMasterToken()
            return try await access.token(try context.pathParameter("api_token"))
        }
        group.delete("api_tokens/:api_token") { _, context in
            try context.requireMasterToken()
            return try await access.revokeToken(try context.pathParameter("api_token"))
        }

        group.get("settings/ip_whitelist") { _, _ in
            Whitelist(addresses: try await access.whitelist())
        }
        group.put("settings/ip_whitelist") { request, _ in
            let body = try await request.decodeJSON(WhitelistRequest.self)
            return Whitelist(addresses: try await access.allow(body.addresses ?? []))
        }
        group.delete("settings/ip_whitelist") { request, _ in
            // Sendbird's document puts the list in the query; its guide, in the body.
            var addresses = request.query.list("ip_whitelist_addresses") ?? request.query.list("ip_whitelist_addresses[]")
            if addresses == nil { addresses = try await request.decodeJSON(WhitelistRequest.self).addresses }
            return Whitelist(addresses: try await access.disallow(addresses ?? []))
        }
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
