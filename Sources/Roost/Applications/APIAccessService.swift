import Foundation

/// Secondary API tokens and the IP whitelist, as Sendbird's application routes manage them.
/// Each change is stored, then put in force in `APIAccessList`, here and on the other nodes
/// (`change`).
struct APIAccessService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let access: APIAccessList
    let random: RandomTokens
    private let repository = APIAccessRepository()

    /// Sendbird allows ten secondary tokens beside the master token.
    static let maxSecondaryTokens = 10
    static let maxWhitelistEntries = 1_000

    /// Loads what is stored into force; with `clearingWhitelist`, first empties the whitelist
    /// (how an admin who locked themselves out gets back in).
    func load(clearingWhitelist: Bool) async throws {
        // Only a clearing takes the writer: a reload after another node's change does not.
        if clearingWhitelist { return try await change { db in try repository.clearWhitelist(in: db) } }
        put(try await database.read(stored))
    }

    /// Stores a change of the tokens or the whitelist, puts both in force here, and tells the
    /// other nodes to read them again; answers what `body` answers.
    private func change<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let (answer, changed) = try await database.write { db in (try body(db), try stored(db)) }
        put(changed)
        database.settingsChanged()
        return answer
    }

    @Sendable private func stored(_ db: Database) throws -> (tokens: [String], whitelist: [String]) {
        (try repository.tokens(in: db).map(\.token), try repository.whitelist(in: db))
    }

    private func put(_ stored: (tokens: [String], whitelist: [String])) {
        access.replace(tokens: stored.tokens)
        access.replace(whitelist: stored.whitelist)
    }

    func tokens() async throws -> [SecondaryAPIToken] {
        try await database.read { db in try repository.tokens(in: db) }
    }

    func token(_ token: String) async throws -> SecondaryAPIToken {
        try await database.read { db in
            guard let found = try repository.token(token, in: db) else { throw APIError.notFound("API token") }
            return found
        }
    }

    func generateToken() async throws -> SecondaryAPIToken {
        let token = SecondaryAPIToken(token: random.hex(bytes: 20), createdAt: clock.now / 1000)
        try await change { db in
            guard try repository.tokens(in: db).count < Self.maxSecondaryTokens else {
                throw APIError.tooManyItems("api_tokens", max: Self.maxSecondaryTokens)
            }
            try repository.add(token, in: db)
        }
        return token
    }

    func revokeToken(_ token: String) async throws -> SecondaryAPIToken {
        if access.isMaster(token) { throw APIError.invalid("api_token", "The master API token cannot be revoked.") }
        return try await change { db in
            guard let found = try repository.token(token, in: db) else { throw APIError.notFound("API token") }
            try repository.remove(token, in: db)
            return found
        }
    }

    func whitelist() async throws -> [String] {
        try await database.read { db in try repository.whitelist(in: db) }
    }

    /// Adds addresses and ranges; answers the whole whitelist.
    func allow(_ addresses: [String]) async throws -> [String] {
        let ranges = try Self.ranges(addresses)
        return try await change { db in
            try repository.allow(ranges, in: db)
            let whitelist = try repository.whitelist(in: db)
            guard whitelist.count <= Self.maxWhitelistEntries else {
                throw APIError.tooManyItems("ip_whitelist_addresses", max: Self.maxWhitelistEntries)
            }
            return whitelist
        }
    }

    /// Removes addresses and ranges; answers what is left.
    func disallow(_ addresses: [String]) async throws -> [String] {
        let ranges = try Self.ranges(addresses)
        return try await change { db in
            try repository.disallow(ranges, in: db)
            return try repository.whitelist(in: db)
        }
    }

    private static func ranges(_ addresses: [String]) throws(APIError) -> [String] {
        guard !addresses.isEmpty else { throw APIError.missing("ip_whitelist_addresses") }
        guard addresses.count <= maxWhitelistEntries else {
            throw APIError.tooManyItems("ip_whitelist_addresses", max: maxWhitelistEntries)
        }
        return try addresses.map { address throws(APIError) in
            guard let range = IPRange(address) else {
                throw APIError.invalid("ip_whitelist_addresses", "\"\(address)\" is not an IP address or CIDR range.")
            }
            return range.description
        }
    }
}
