import Hummingbird

/// `/v3/users`: users, their metadata, session tokens and channel invitation preference.
struct UserRoutes: Sendable {
    let users: UserService
    let unreadTotals: any UnreadTotalsSource
    let files: FileStorage

    func register(on group: RouterGroup<RoostContext>) {
        group.post(use: create)
        group.get(use: list)
        group.get(":user_id", use: user)
        group.put(":user_id", use: update)
        group.delete(":user_id", use: delete)

        group.post(":user_id/token", use: issueSessionToken)
        group.delete(":user_id/token", use: revokeSessionTokens)

        group.get(":user_id/channel_invitation_preference", use: invitationPreference)
        group.put(":user_id/channel_invitation_preference", use: setInvitationPreference)

        registerMetadata(on: group)
    }

    private func registerMetadata(on group: RouterGroup<RoostContext>) {
        group.post(":user_id/metadata", use: createMetadata)
        group.get(":user_id/metadata", use: metadata)
        group.put(":user_id/metadata", use: updateMetadata)
        group.delete(":user_id/metadata", use: deleteMetadata)
        group.get(":user_id/metadata/:key", use: metadataValue)
        group.put(":user_id/metadata/:key", use: updateMetadataValue)
        group.delete(":user_id/metadata/:key", use: deleteMetadataValue)
    }

    private static func filter(from query: QueryParameters) throws(APIError) -> UserFilter {
        var filter = UserFilter()
        filter.userIDs = query.list("user_ids")
        if let userIDs = filter.userIDs, userIDs.count > UserRules.maxListedUserIDs {
            throw .tooManyItems("user_ids", max: UserRules.maxListedUserIDs)
        }
        filter.nickname = query.string("nickname")
        filter.nicknamePrefix = query.string("nickname_startswith")
        filter.activeMode = try query.option("active_mode", as: UserFilter.ActiveMode.self) ?? .activated
        filter.showBots = try query.bool("show_bot") ?? true
        filter.metadataKey = query.string("metadatakey")
        filter.metadataValues = query.list("metadatavalues_in")
        return filter
    }

    @Sendable func create(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await files.withUpload(
            request, as: CreateUserRequest.self, part: "profile_file", context: context, attach: { $0.profileURL = $1.url }
        ) { UserBody(try await users.create($0)) }
    }

    @Sendable func list(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        let page = try await users.list(try Self.filter(from: query), page: try query.pageRequest(defaultLimit: 10, maxLimit: 100))
        return UserList(users: page.items.map(UserBody.init), next: page.next)
    }

    @Sendable func user(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        var user = try await users.user(try context.pathParameter("user_id"))
        if try query.bool("include_unread_count") == true {
            user.unreadCounts = try await unreadTotals.unreadTotals(of: user.userID, query: query)
        }
        return UserBody(user)
    }

    @Sendable func update(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let userID = try context.pathParameter("user_id")
        return try await files.withUpload(
            request, as: UpdateUserRequest.self, part: "profile_file", context: context, attach: { $0.profileURL = $1.url }
        ) { UserBody(try await users.update(userID, with: $0)) }
    }

    @Sendable func delete(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await users.delete(try context.pathParameter("user_id"))
        return EmptyObject()
    }

    @Sendable func issueSessionToken(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(CreateSessionTokenRequest.self)
        let token = try await users.issueToken(for: try context.pathParameter("user_id"), expiresAt: body.expiresAt)
        return IssuedToken(token: token.sessionToken, expiresAt: token.expiresAt)
    }

    @Sendable func revokeSessionTokens(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await users.revokeTokens(of: try context.pathParameter("user_id"))
        return EmptyObject()
    }

    @Sendable func invitationPreference(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await users.invitationPreference(of: try context.pathParameter("user_id"))
    }

    @Sendable func setInvitationPreference(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await users.setInvitationPreference(
            of: try context.pathParameter("user_id"),
            to: try await request.decodeJSON(InvitationPreference.self)
        )
    }

    @Sendable func createMetadata(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(MetadataRequest.self)
        return MetadataItems(try await users.createMetadata(of: try context.pathParameter("user_id"), items: body.metadata.items))
    }

    @Sendable func metadata(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        let keys = query.list("keys", orSingle: "key")
        return MetadataItems(try await users.metadata(of: try context.pathParameter("user_id"), keys: keys))
    }

    @Sendable func updateMetadata(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(MetadataRequest.self)
        return MetadataItems(
            try await users.updateMetadata(of: try context.pathParameter("user_id"), items: body.metadata.items, upsert: body.upsert ?? false)
        )
    }

    @Sendable func deleteMetadata(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await users.deleteMetadata(of: try context.pathParameter("user_id"), key: request.query.string("key"))
        return EmptyObject()
    }

    @Sendable func metadataValue(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        MetadataItems(try await users.metadataValue(of: try context.pathParameter("user_id"), key: try context.pathParameter("key")))
    }

    @Sendable func updateMetadataValue(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let key = try context.pathParameter("key")
        let body = try await request.decodeJSON(MetadataValueRequest.self)
        return MetadataItems(
            try await users.updateMetadata(
                of: try context.pathParameter("user_id"), items: [key: try body.value(for: key)], upsert: body.upsert ?? false
            )
        )
    }

    @Sendable func deleteMetadataValue(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await users.deleteMetadata(of: try context.pathParameter("user_id"), key: try context.pathParameter("key"))
        return EmptyObject()
    }
}

struct UserList: ResponseEncodable {
    let users: [UserBody]
    let next: String
}

struct IssuedToken: ResponseEncodable {
    let token: String
    let expiresAt: Int64

    enum CodingKeys: String, CodingKey {
        case token
        case expiresAt = "expires_at"
    }
}
