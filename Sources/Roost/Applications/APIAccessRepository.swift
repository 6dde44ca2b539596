import Hummingbird

/// A secondary API token as Sendbird answers it.
struct SecondaryAPIToken: Sendable, Equatable, Codable, ResponseEncodable, FetchableRecord {
    let token: String
    /// Seconds since 1970.
    let createdAt: Int64

    enum CodingKeys: String, CodingKey {
        case token, createdAt = "created_at"
    }
}

extension SecondaryAPIToken {
    init(row: Row) {
        token = row["token"]
        createdAt = row["created_at"]
    }
}

/// The secondary API tokens and the IP whitelist. Every method runs inside the caller's
/// transaction.
struct APIAccessRepository: Sendable {
    func tokens(in db: Database) throws -> [SecondaryAPIToken] {
        try SecondaryAPIToken.fetchAll(db.cachedStatement(sql: "SELECT token, created_at FROM api_tokens ORDER BY created_at, token"))
    }

    func token(_ token: String, in db: Database) throws -> SecondaryAPIToken? {
        try SecondaryAPIToken.fetchOne(db.cachedStatement(sql: "SELECT token, created_at FROM api_tokens WHERE token = ?"), arguments: [token])
    }

    func add(_ token: SecondaryAPIToken, in db: Database) throws {
        try db.executeCached(sql: "INSERT INTO api_tokens (token, created_at) VALUES (?, ?)", arguments: [token.token, token.createdAt])
    }

    func remove(_ token: String, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM api_tokens WHERE token = ?", arguments: [token])
    }

    func whitelist(in db: Database) throws -> [String] {
        try String.fetchAll(db.cachedStatement(sql: "SELECT address FROM ip_whitelist ORDER BY address"))
    }

    func allow(_ addresses: [String], in db: Database) throws {
        for address in addresses {
            try db.executeCached(sql: "INSERT INTO ip_whitelist (address) VALUES (?) ON CONFLICT DO NOTHING", arguments: [address])
        }
    }

    func disallow(_ addresses: [String], in db: Database) throws {
        for address in addresses {
            try db.executeCached(sql: "DELETE FROM ip_whitelist WHERE address = ?", arguments: [address])
        }
    }

    func clearWhitelist(in db: Database) throws {
        try db.execute(sql: "DELETE FROM ip_whitelist")
    }
}
