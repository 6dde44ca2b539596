/// The rules of the Users API: what a valid user is, what each change does, and the
/// create-versus-upsert semantics of user metadata.
struct UserService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let departures: any UserDepartureHandler
    let random: RandomTokens
    /// Told of each user deactivated, once the change has committed.
    let deactivations = UserDeactivations()
    private let users = UserRepository()
    private let application = ApplicationRepository()
    private let metadata = KeyValueChanges(repository: UserRepository.metadata, check: MetadataRules.check)

    // MARK: Users

    func create(_ request: CreateUserRequest) async throws -> User {
        try UserRules.checkUserID(request.userID)
        try UserRules.checkNickname(request.nickname)
        guard let profileURL = request.profileURL else { throw APIError.missing("profile_url") }
        try UserRules.checkProfileURL(profileURL)
        let metadata = request.metadata?.items ?? [:]
        try MetadataRules.check(metadata, countAfter: metadata.count)
        let discoveryKeys = try UserRules.checkDiscoveryKeys(request.discoveryKeys ?? [])
        let languages = try UserRules.checkPreferredLanguages(request.preferredLanguages ?? [])
        let new = NewUser(
            userID: request.userID,
            nickname: request.nickname,
            profileURL: profileURL,
            accessToken: request.issueAccessToken == true ? random.hex(bytes: 20) : nil,
            discoveryKeys: discoveryKeys,
            preferredLanguages: languages,
            metadata: metadata,
            createdAt: clock.now
        )
        return try await database.write { db in
            guard try users.rowID(of: new.userID, in: db) == nil else { throw APIError.alreadyExists("user_id") }
            try users.insert(new, in: db)
            var created = try users.existing(new.userID, in: db)
            created.justCreated = true
            return created
        }
    }

    func user(_ userID: String) async throws -> User {
        try await database.read { db in try existing(userID, in: db) }
    }

    func list(_ filter: UserFilter, page request: PageRequest) async throws -> Page<User> {
        let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
        let fetched = try await database.read { db in
            try users.page(filter, after: after, limit: request.fetchLimit, in: db)
        }
        return Page(fetched: fetched, request: request) { PageCursor([String($0.rowID)]) }.map(\.user)
    }

    func update(_ userID: String, with request: UpdateUserRequest) async throws -> User {
        if let nickname = request.nickname { try UserRules.checkNickname(nickname) }
        if let profileURL = request.profileURL { try UserRules.checkProfileURL(profileURL) }
        if let lastSeenAt = request.lastSeenAt, lastSeenAt < 0 { throw APIError.negativeNotAllowed("last_seen_at") }
        let discoveryKeys = try request.discoveryKeys.map(UserRules.checkDiscoveryKeys)
        let languages = try request.preferredLanguages.map(UserRules.checkPreferredLanguages)
        let sessionToken = try request.issueSessionToken == true ? newSessionToken(expiringAt: request.sessionTokenExpiresAt, parameter: "session_token_expires_at") : nil
        let now = clock.now

        let (user, deactivatedRow) = try await database.write { db in
            var user = try existing(userID, in: db)
            let wasActive = user.isActive
            if let nickname = request.nickname { user.nickname = nickname }
            if let profileURL = request.profileURL { user.profileURL = profileURL }
            if request.issueAccessToken == true { user.accessToken = random.hex(bytes: 20) }
            if let isActive = request.isActive { user.isActive = isActive }
            // Kept also for a user who never connected (Sendbird's Update a user page); while
            // the user is online it shows as 0, and their last stream's closing replaces it.
            if let lastSeenAt = request.lastSeenAt { user.lastSeenAt = lastSeenAt }
            if let discoveryKeys { user.discoveryKeys = discoveryKeys }
            if let languages { user.preferredLanguages = languages }
            try users.save(user, in: db)
            if wasActive, !user.isActive { try UserActivityRepository().recordDeparture(.deactivated, at: now, in: db) }
            if request.isActive == false, request.leaveAllWhenDeactivated ?? true {
                try departures.userDeactivated(try users.existingRowID(of: userID, in: db), at: now, in: db)
            }
            if let sessionToken {
                try users.addSessionToken(sessionToken, ofRow: try users.existingRowID(of: userID, in: db), in: db)
            }
            let deactivatedRow = wasActive && !user.isActive ? try users.existingRowID(of: userID, in: db) : nil
            return (try users.existing(userID, in: db), deactivatedRow)
        }
        if let deactivatedRow { deactivations.tell(deactivatedRow) }
        return user
    }

    func delete(_ userID: String) async throws {
        let now = clock.now
        try await database.write { db in
            let rowID = try users.existingRowID(of: userID, in: db)
            try departures.userDeleting(rowID, at: now, in: db)
            try UserDeletion(database: database, random: random).delete(rowID: rowID, at: now, in: db)
            try UserActivityRepository().recordDeparture(.deleted, at: now, in: db)
        }
    }

    /// A session token from `POST /v3/users/{user_id}/token`. Like Sendbird's current tokens
    /// it does not appear in the user's `session_tokens`; Roost keeps it to open the user's
    /// own event stream.
    func issueToken(for userID: String, expiresAt: Int64?) async throws -> SessionToken {
        let token = try newSessionToken(expiringAt: expiresAt, parameter: "expires_at")
        try await database.write { db in
            try users.addSessionToken(token, ofRow: try users.existingRowID(of: userID, in: db), listed: false, in: db)
        }
        return token
    }

    /// `DELETE /v3/users/{user_id}/token`: every session token the user has stops working.
    func revokeTokens(of userID: String) async throws {
        try await database.write { db in
            try users.revokeSessionTokens(ofRow: try users.existingRowID(of: userID, in: db), in: db)
        }
    }

    /// The user is online while one of their own event streams is open; the last to close
    /// sets `last_seen_at`.
    /// Counts a stream of the user's own in; answers the user's row id, to count it out by.
    /// `registering` hears the row id inside the transaction, before it commits.
    func streamOpened(by userID: String, registering: @escaping @Sendable (Int64) -> Void) async throws -> Int64 {
        let now = clock.now
        return try await database.write { db in
            let rowID = try users.existingRowID(of: userID, in: db)
            // Deactivated since the login was checked: the deactivation found no stream to close.
            guard try users.existing(userID, in: db).isActive else { throw APIError.loginDeactivated }
            registering(rowID)
            try NodeRepository().streamOpened(on: database.node, byRow: rowID, in: db)
            let activity = UserActivityRepository()
            try activity.recordActive(rowID, at: now, in: db)
            try activity.recordConnections(at: now, in: db)
            return rowID
        }
    }

    func streamClosed(byRow rowID: Int64) async throws {
        let now = clock.now
        try await database.write { [database] db in try NodeRepository().streamClosed(on: database.node, byRow: rowID, at: now, in: db) }
    }

    /// Checks that `token` opens `userID`'s own event stream: their access token, or a session
    /// token that has not expired. A refusal says why, with the codes Sendbird's SDKs give a
    /// failed connection: an unknown user, a deactivated one, a wrong token.
    func logIn(_ token: String?, as userID: String) async throws {
        let now = clock.now
        let login = try await database.read { db in try users.login(token ?? "", for: userID, at: now, in: db) }
        switch login {
        case .accepted: return
        case .unknownUser: throw APIError.loginUnknownUser
        case .deactivated: throw APIError.loginDeactivated
        case .wrongToken: throw APIError.invalidAccessToken
        }
    }

    private func newSessionToken(expiringAt requested: Int64?, parameter: String) throws(APIError) -> SessionToken {
        let expiry = try UserRules.sessionTokenExpiry(requested, now: clock.now, parameter: parameter)
        return SessionToken(sessionToken: random.hex(bytes: 40), expiresAt: expiry)
    }

    // MARK: Metadata

    func metadata(of userID: String, keys: [String]?) async throws -> [String: String] {
        try await database.read { db in try metadata.items(of: try users.existingRowID(of: userID, in: db), keys: keys, in: db) }
    }

    func metadataValue(of userID: String, key: String) async throws -> [String: String] {
        try await database.read { db in try metadata.item(key, of: try users.existingRowID(of: userID, in: db), in: db) }
    }

    /// Adds new items; a key that already exists is a conflict (use PUT to change it).
    func createMetadata(of userID: String, items: [String: String]) async throws -> [String: String] {
        let now = clock.now
        return try await database.write { db in
            try metadata.create(items, of: try users.existingRowID(of: userID, in: db), at: now, in: db)
            return items
        }
    }

    /// Changes existing items; with `upsert` missing keys are added, without it they are an error.
    func updateMetadata(of userID: String, items: [String: String], upsert: Bool) async throws -> [String: String] {
        let now = clock.now
        return try await database.write { db in
            try metadata.update(items, of: try users.existingRowID(of: userID, in: db), upsert: upsert, at: now, in: db).stored
        }
    }

    func deleteMetadata(of userID: String, key: String?) async throws {
        try await database.write { db in
            _ = try metadata.delete(key, of: try users.existingRowID(of: userID, in: db), in: db)
        }
    }

    // MARK: Channel invitation preference

    func invitationPreference(of userID: String) async throws -> InvitationPreference {
        try await database.read { db in
            let own = try users.autoAcceptInvitations(ofRow: try users.existingRowID(of: userID, in: db), in: db)
            return InvitationPreference(autoAccept: try own ?? application.defaultAutoAccept(in: db))
        }
    }

    func setInvitationPreference(of userID: String, to preference: InvitationPreference) async throws -> InvitationPreference {
        try await database.write { db in
            try users.setAutoAcceptInvitations(preference.autoAccept, ofRow: try users.existingRowID(of: userID, in: db), in: db)
            return preference
        }
    }

    // MARK: Lookups

    private func existing(_ userID: String, in db: Database) throws -> User {
        guard let user = try users.find(userID, in: db) else { throw APIError.notFound("User") }
        return user
    }
}

extension APIError {
    static let invalidAccessToken = APIError(code: 400302, message: "Invalid access token.", status: .unauthorized)
    static let loginDeactivated = APIError(code: 400300, message: "The user is deactivated.", status: .unauthorized)
    static let loginUnknownUser = APIError(code: 400301, message: "The user was deleted or not found.", status: .unauthorized)
}
