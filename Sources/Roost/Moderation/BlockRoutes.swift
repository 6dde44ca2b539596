import Hummingbird

struct BlockRequest: Decodable {
    var targetID: String?
    var userIDs: [String]?
    var users: [String]?

    enum CodingKeys: String, CodingKey { case targetID = "target_id", userIDs = "user_ids", users }

    /// The users to block: `target_id`, or the bulk lists `user_ids` and `users`.
    var targets: [String] {
        let bulk = (userIDs ?? []) + (users ?? [])
        return bulk.isEmpty ? targetID.flatMap { $0.isEmpty ? nil : [$0] } ?? [] : bulk
    }
}

/// `/v3/users/{user_id}/block`.
struct BlockRoutes: Sendable {
    let blocks: BlockService

    func register(on group: RouterGroup<RoostContext>) {
        group.post(":user_id/block", use: block)
        group.get(":user_id/block", use: blockedUsers)
        group.delete(":user_id/block/:target_id", use: unblock)
    }

    @Sendable func block(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(BlockRequest.self)
        let blocked = try await blocks.block(body.targets, by: try context.pathParameter("user_id"))
        let isBulk = !(body.userIDs ?? []).isEmpty || !(body.users ?? []).isEmpty
        return isBulk
            ? try jsonResponse(BlockedUsers(users: blocked.map(EmbeddedUser.init), next: nil))
            : try jsonResponse(EmbeddedUser(user: blocked[0]))
    }

    @Sendable func blockedUsers(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        // As on the user list, the metadata filter takes both the key and its values.
        let metadata = query.string("metadatakey").flatMap { key in query.list("metadatavalues_in").map { (key: key, values: $0) } }
        let page = try await blocks.blocks(
            of: try context.pathParameter("user_id"), side: try query.option("list", as: BlockRepository.Side.self) ?? .blockedByMe,
            among: query.list("user_ids"), metadata: metadata, page: try query.pageRequest()
        )
        return BlockedUsers(users: page.items.map(EmbeddedUser.init), next: page.next)
    }

    @Sendable func unblock(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await blocks.unblock(try context.pathParameter("target_id"), by: try context.pathParameter("user_id"))
        return EmptyObject()
    }
}

struct BlockedUsers: ResponseEncodable {
    let users: [EmbeddedUser]
    let next: String?
}
