/// What a new user row holds.
struct NewUser {
    var userID: String
    var nickname: String
    var profileURL: String
    var accessToken: String?
    var discoveryKeys: [String]
    var preferredLanguages: [String]
    var metadata: [String: String]
    var createdAt: Int64
}

/// Filters of `GET /v3/users`.
struct UserFilter {
    enum ActiveMode: String {
        case activated, deactivated, all
    }

    var userIDs: [String]?
    var nickname: String?
    var nicknamePrefix: String?
    var activeMode: ActiveMode = .activated
    /// Whether bots are listed with the users (`show_bot`).
    var showBots = true
    var metadataKey: String?
    var metadataValues: [String]?
}

/// The users table and the tables hanging off it (metadata, session tokens). Every method
/// runs inside the caller's transaction, so services can combine them atomically.
struct UserRepository: Sendable {
    /// Summaries kept between read transactions; the pages' assemblers pass the database's.
    let cache: UserSummaryCache?

    init(cache: UserSummaryCache? = nil) {
        self.cache = cache
    }

    /// The internal row id of a user, used by the tables that reference users.
    func rowID(of userID: String, in db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM users WHERE user_id = ?"), arguments: [userID])
    }

    /// The row id of a user who must exist: an unknown id is Sendbird's "User not found".
    func existingRowID(of userID: String, in db: Database) throws -> Int64 {
        guard let rowID = try rowID(of: userID, in: db) else { throw APIError.notFound("User") }
        return rowID
    }

    @discardableResult
    func insert(_ user: NewUser, in db: Database) throws -> Int64 {
        let rowID = try db.insert(
            sql: """
                INSERT INTO users (user_id, nickname, profile_url, access_token, discovery_keys, preferred_languages, created_at,
                    auto_accept_invitations, last_seen_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT auto_accept_invitations FROM application WHERE id = 1), -1)
                """,
            arguments: [
                user.userID, user.nickname, user.profileURL, user.accessToken,
                JSONColumn.encode(user.discoveryKeys), JSONColumn.encode(user.preferredLanguages), user.createdAt,
            ]
        )
        try Self.metadata.set(user.metadata, of: rowID, at: user.createdAt, in: db)
        return rowID
    }

    /// A user read again after a write in the same transaction, as they now are.
    func existing(_ userID: String, in db: Database) throws -> User {
        guard let user = try find(userID, in: db) else { throw APIError.notFound("User") }
        return user
    }

    func find(_ userID: String, in db: Database) throws -> User? {
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM users WHERE user_id = ?"), arguments: [userID])
        return try users(from: rows, in: db).first
    }

    /// One page of users in creation order, after the row id of the previous page's last user.
    func page(_ filter: UserFilter, after: Int64?, limit: Int, in db: Database) throws -> [(rowID: Int64, user: User)] {
        var conditions = Conditions()
        conditions.add("users.deleted_at IS NULL")
        if let after {
            conditions.add("users.id > ?", [after])
        }
        if let userIDs = filter.userIDs {
            conditions.add("users.user_id IN (\(SQL.placeholders(userIDs.count)))", userIDs)
        }
        if let nickname = filter.nickname {
            conditions.add("users.nickname = ?", [nickname])
        }
        if let prefix = filter.nicknamePrefix {
            conditions.add(db.dialect.startsWith("users.nickname"), [db.dialect.prefixArgument(prefix)])
        }
        switch filter.activeMode {
        case .activated: conditions.add("users.is_active = 1")
        case .deactivated: conditions.add("users.is_active = 0")
        case .all: break
        }
        if !filter.showBots {
            conditions.add("NOT EXISTS (SELECT 1 FROM bots WHERE bots.user_id = users.id)")
        }
        if let key = filter.metadataKey, let values = filter.metadataValues {
            conditions.add(
                """
                EXISTS (SELECT 1 FROM user_metadata m WHERE m.user_id = users.id
                        AND m.key = ? AND m.value IN (\(SQL.placeholders(values.count))))
                """,
                [key] + values
            )
        }
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT * FROM users \(conditions.whereClause) ORDER BY users.id LIMIT \(limit)",
            arguments: conditions.arguments
        )
        let users = try users(from: rows, in: db)
        return zip(rows, users).map { (rowID: $0["id"], user: $1) }
    }

    /// Writes back the mutable fields of a user (metadata and session tokens have their own methods).
    func save(_ user: User, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE users SET nickname = ?, profile_url = ?, access_token = ?, is_active = ?, last_seen_at = ?,
                    discovery_keys = ?, preferred_languages = ?
                WHERE user_id = ?
                """,
            arguments: [
                user.nickname, user.profileURL, user.accessToken.isEmpty ? nil : user.accessToken, user.isActive,
                user.lastSeenAt, JSONColumn.encode(user.discoveryKeys), JSONColumn.encode(user.preferredLanguages),
                user.userID,
            ]
        )
    }

    func delete(_ userID: String, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM users WHERE user_id = ?", arguments: [userID])
    }

    // MARK: Metadata

    /// The user_metadata table: each user's key/value items.
    static let metadata = KeyValueRepository<String>(table: "user_metadata", owner: "user_id")

    // MARK: Session tokens

    /// Stores a session token; one issued by `POST /token` is kept but not listed.
    func addSessionToken(_ token: SessionToken, ofRow rowID: Int64, listed: Bool = true, in db: Database) throws {
        try db.executeCached(
            sql: "INSERT INTO session_tokens (user_id, session_token, expires_at, listed) VALUES (?, ?, ?, ?)",
            arguments: [rowID, token.sessionToken, token.expiresAt, listed]
        )
    }

    /// Revokes every session token of the user, listed or not.
    func revokeSessionTokens(ofRow rowID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM session_tokens WHERE user_id = ?", arguments: [rowID])
    }

    /// Whether a user may log in with `token`, and if not, why.
    enum Login: Sendable { case accepted, unknownUser, deactivated, wrongToken }

    /// A user logs in with their access token or one of their session tokens still valid at `now`.
    func login(_ token: String, for userID: String, at now: Int64, in db: Database) throws -> Login {
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT u.is_active, (u.access_token = ?
                    OR EXISTS (SELECT 1 FROM session_tokens t WHERE t.user_id = u.id AND t.session_token = ? AND t.expires_at > ?))
                    AS token_holds
                FROM users u WHERE u.user_id = ?
                """),
            arguments: [token, token, now, userID]
        ) else { return .unknownUser }
        guard row["is_active"] as Bool else { return .deactivated }
        let holds = !token.isEmpty && (row["token_holds"] ?? false)
        return holds ? .accepted : .wrongToken
    }

    // MARK: Invitation preference

    /// The user's preference: the application default as it was when they were created, or
    /// their own choice since (nil only for a row written around `insert`).
    func autoAcceptInvitations(ofRow rowID: Int64, in db: Database) throws -> Bool? {
        try Bool?.fetchOne(db.cachedStatement(sql: "SELECT auto_accept_invitations FROM users WHERE id = ?"), arguments: [rowID]) ?? nil
    }

    func setAutoAcceptInvitations(_ autoAccept: Bool, ofRow rowID: Int64, in db: Database) throws {
        try db.executeCached(sql: "UPDATE users SET auto_accept_invitations = ? WHERE id = ?", arguments: [autoAccept, rowID])
    }

    // MARK: Summaries

    /// The summary of a user who must exist (400201 otherwise).
    func existingSummary(of userID: String, in db: Database) throws -> UserSummary {
        guard let summary = try summary(ofRow: try existingRowID(of: userID, in: db), in: db) else { throw APIError.notFound("User") }
        return summary
    }

    /// One user's summary, nil when there is no such user.
    func summary(ofRow rowID: Int64, in db: Database) throws -> UserSummary? {
        try summaries(ofRows: [rowID], in: db)[rowID]
    }

    /// The columns of a user's summary, in the order `summary(in:from:)` reads them.
    private enum SummaryColumns: Int, TableColumns {
        case id, user_id, nickname, profile_url, is_active, last_seen_at, open_streams
    }

    /// A summary's columns of the users table as `table` names it, for a query that reads
    /// them beside others (and then `summary(in:from:)`).
    static func summaryColumns(of table: String) -> String {
        SummaryColumns.qualified(by: table)
    }

    /// Joined once: every send and every page reads summaries.
    private static let usersSummaryColumns = summaryColumns(of: "users")

    /// The summary in `row`'s columns from `offset` on, as `summaryColumns(of:)` lists them,
    /// without metadata (`summaries(ofRows:completing:)` adds it).
    static func summary(in row: Row, from offset: Int) -> UserSummary {
        UserSummary(
            rowID: row[SummaryColumns.id, from: offset], userID: row[SummaryColumns.user_id, from: offset],
            nickname: row[SummaryColumns.nickname, from: offset], profileURL: row[SummaryColumns.profile_url, from: offset],
            isActive: row[SummaryColumns.is_active, from: offset], lastSeenAt: row[SummaryColumns.last_seen_at, from: offset],
            isOnline: row[SummaryColumns.open_streams, from: offset] as Int > 0, metadata: [:]
        )
    }

    /// Summaries of the given users in two queries, keyed by row id. Every page of messages,
    /// members or channels reads them, so their columns are read by position. Users in `known`
    /// (read beside other rows of the same transaction) are not read again; only their
    /// metadata is, with everyone else's.
    ///
    /// In a read transaction, summaries kept in `cache` that are exact for its snapshot are
    /// not read again, and those read are kept. A write transaction neither uses nor keeps
    /// any: what it sees may yet roll back.
    func summaries(
        ofRows rowIDs: some Collection<Int64>, completing known: [Int64: UserSummary] = [:], in db: Database
    ) throws -> [Int64: UserSummary] {
        let wanted = Set(rowIDs).union(known.keys)
        guard !wanted.isEmpty else { return [:] }
        guard let cache, db.isReadOnly else { return try read(wanted, completing: known, in: db) }
        let generation = try generation(in: db)
        var summaries = cache.summaries(of: wanted, at: generation)
        guard summaries.count < wanted.count else { return summaries }
        let read = try read(wanted.subtracting(summaries.keys), completing: known, in: db)
        cache.keep(read, at: generation)
        summaries.merge(read) { kept, _ in kept }
        return summaries
    }

    /// The users generation (migration 0037): every change to what a user's summary shows moves it.
    func generation(in db: Database) throws -> Int64 {
        try db.valueOnceInSnapshot(sql: Self.generationSQL) ?? 0
    }

    /// The statement that reads the users generation, for a statement that reads it with more.
    static let generationSQL = "SELECT value FROM generations WHERE name = 'users'"

    /// The summaries of `wanted`, read with their metadata in one statement (a row for each
    /// item, or one without): those in `known` are completed with their metadata.
    private func read(_ wanted: Set<Int64>, completing known: [Int64: UserSummary], in db: Database) throws -> [Int64: UserSummary] {
        let list = SQL.ValueList(Array(wanted))
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT \(Self.usersSummaryColumns), m.key, m.value, users.deleted_at IS NOT NULL
                FROM users LEFT JOIN user_metadata m ON m.user_id = users.id WHERE users.id IN (\(list.placeholders))
                """),
            arguments: list.arguments
        )
        var summaries: [Int64: UserSummary] = [:]
        summaries.reserveCapacity(wanted.count)
        let metadataColumn = SummaryColumns.allCases.count
        while let row = try rows.next() {
            let rowID: Int64 = row[SummaryColumns.id.rawValue]
            if summaries[rowID] == nil {
                // A user being deleted shows as no user, as once their row is gone, unless read
                // beside the rows that named them.
                let isBeingDeleted: Bool = row[metadataColumn + 2]
                guard var summary = known[rowID] ?? (isBeingDeleted ? nil : Self.summary(in: row, from: 0)) else { continue }
                summary.metadata = [:]
                summaries[rowID] = summary
            }
            if let key: String = row[metadataColumn] {
                let value: String = row[metadataColumn + 1]
                summaries[rowID]?.metadata[key] = value
            }
        }
        return summaries
    }

    /// Row ids of the given user ids; unknown ids are left out.
    func rowIDs(of userIDs: [String], in db: Database) throws -> [String: Int64] {
        guard !userIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(userIDs)
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, user_id FROM users WHERE user_id IN (\(list.placeholders))"),
            arguments: list.arguments
        )
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["user_id"], $0["id"]) })
    }

    // MARK: Reading rows

    /// Builds users from their rows, loading metadata and session tokens for all of them in
    /// two queries rather than two per user.
    private func users(from rows: [Row], in db: Database) throws -> [User] {
        guard !rows.isEmpty else { return [] }
        let list = SQL.ValueList(rows.map { $0["id"] as Int64 })
        let metadata = try Self.metadata.items(ofOwners: list, in: db)
        var tokens: [Int64: [SessionToken]] = [:]
        let tokenRows = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT user_id, session_token, expires_at FROM session_tokens
                WHERE user_id IN (\(list.placeholders)) AND listed = 1 ORDER BY expires_at
                """),
            arguments: list.arguments
        )
        while let row = try tokenRows.next() {
            tokens[row["user_id"], default: []].append(SessionToken(sessionToken: row["session_token"], expiresAt: row["expires_at"]))
        }
        return rows.map { row in
            let rowID: Int64 = row["id"]
            return User(
                userID: row["user_id"],
                nickname: row["nickname"],
                profileURL: row["profile_url"],
                accessToken: row["access_token"] ?? "",
                isActive: row["is_active"],
                lastSeenAt: row["last_seen_at"],
                isOnline: row["open_streams"] as Int > 0,
                hasEverLoggedIn: row["has_ever_logged_in"],
                createdAt: row["created_at"],
                discoveryKeys: JSONColumn.decode(row["discovery_keys"]),
                preferredLanguages: JSONColumn.decode(row["preferred_languages"]),
                metadata: metadata[rowID] ?? [:],
                sessionTokens: tokens[rowID] ?? []
            )
        }
    }
}
