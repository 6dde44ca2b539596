import GRDB
import Hummingbird

/// Users blocking other users.
struct BlockService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    private let users = UserRepository()
    private let blocks = BlockRepository()

    func block(_ targetIDs: [String], by userID: String) async throws -> [UserSummary] {
        guard !targetIDs.isEmpty else { throw APIError.missing("target_id") }
        let now = clock.now
        return try await database.write { db in
            let blocker = try users.existingRowID(of: userID, in: db)
            let targets = try targetIDs.map { try users.existingRowID(of: $0, in: db) }
            for target in targets {
                guard target != blocker else { throw APIError.invalid("target_id", "A user cannot block themselves.") }
                try blocks.block(target, by: blocker, at: now, in: db)
            }
            let summaries = try users.summaries(ofRows: targets, in: db)
            return targets.compactMap { summaries[$0] }
        }
    }

    func unblock(_ targetID: String, by userID: String) async throws {
        try await database.write { db in
            let blocker = try users.existingRowID(of: userID, in: db)
            let target = try users.existingRowID(of: targetID, in: db)
            guard try blocks.blocks(target, by: blocker, in: db) else { throw APIError.notFound("Block") }
            try blocks.unblock(target, by: blocker, in: db)
        }
    }

    func blocked(by userID: String, among userIDs: [String]?, page request: PageRequest) async throws -> Page<UserSummary> {
        try await database.read { db in
            let blocker = try users.existingRowID(of: userID, in: db)
            let candidates = try userIDs.map { Array(try users.rowIDs(of: $0, in: db).values) }
            let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
            let fetched = try blocks.page(blockedBy: blocker, among: candidates, after: after, limit: request.fetchLimit, in: db)
            return try Page(fetched: fetched, request: request) { PageCursor([String($0)]) }.mapItems { rows in
                let summaries = try users.summaries(ofRows: rows, in: db)
                return rows.compactMap { summaries[$0] }
            }
        }
    }
}

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
        group.post(":user_id/block") { request, context in
            let body = try await request.decodeJSON(BlockRequest.self)
            let blocked = try await blocks.block(body.targets, by: try context.pathParameter("user_id"))
            let isBulk = !(body.userIDs ?? []).isEmpty || !(body.users ?? []).isEmpty
            return isBulk
                ? try jsonResponse(BlockedUsers(users: blocked.map(EmbeddedUser.init), next: nil))
                : try jsonResponse(EmbeddedUser(user: blocked[0]))
        }
        group.get(":user_id/block") { request, context in
            let query = request.query
            let page = try await blocks.blocked(
                by: try context.pathParameter("user_id"), among: query.list("user_ids"), page: try query.pageRequest()
            )
            return BlockedUsers(users: page.items.map(EmbeddedUser.init), next: page.next)
        }
        group.delete(":user_id/block/:target_id") { _, context in
            try await blocks.unblock(try context.pathParameter("target_id"), by: try context.pathParameter("user_id"))
            return EmptyObject()
        }
    }
}

struct BlockedUsers: ResponseEncodable {
    let users: [EmbeddedUser]
    let next: String?
}
