/// Users blocking other users.
struct BlockService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
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
            let summaries = try users.summaries(ofRows: targets + [blocker], in: db)
            for target in targets {
                try record(.userBlock, blocker, target, summaries, at: now, in: db)
            }
            return targets.compactMap { summaries[$0] }
        }
    }

    func unblock(_ targetID: String, by userID: String) async throws {
        let now = clock.now
        try await database.write { db in
            let blocker = try users.existingRowID(of: userID, in: db)
            let target = try users.existingRowID(of: targetID, in: db)
            guard try blocks.blocks(target, by: blocker, in: db) else { throw APIError.notFound("Block") }
            try blocks.unblock(target, by: blocker, in: db)
            let summaries = try users.summaries(ofRows: [blocker, target], in: db)
            try record(.userUnblock, blocker, target, summaries, at: now, in: db)
        }
    }

    /// `user:block` or `user:unblock`, naming both users under the roles Sendbird gives them.
    private func record(
        _ category: EventCategory, _ actor: Int64, _ subject: Int64, _ summaries: [Int64: UserSummary], at time: Int64, in db: Database
    ) throws {
        guard let actorUser = summaries[actor], let subjectUser = summaries[subject] else { return }
        let (actorEvent, subjectEvent) = (EventUser(user: actorUser), EventUser(user: subjectUser))
        if category == .userBlock {
            try events.record(category, Blocked(blocker: actorEvent, blockee: subjectEvent), at: time, concerning: [actorUser.userID], in: db)
        } else {
            try events.record(category, Unblocked(unblocker: actorEvent, unblockee: subjectEvent), at: time, concerning: [actorUser.userID], in: db)
        }
    }

    private struct Blocked: Encodable {
        let blocker: EventUser
        let blockee: EventUser
    }

    private struct Unblocked: Encodable {
        let unblocker: EventUser
        let unblockee: EventUser
    }

    /// The users on `side` of a user's blocks, optionally only among `userIDs` and only those
    /// with a value of metadata key `metadata.key` among `metadata.values`.
    func blocks(
        of userID: String, side: BlockRepository.Side, among userIDs: [String]?, metadata: (key: String, values: [String])?,
        page request: PageRequest
    ) async throws -> Page<UserSummary> {
        try await database.read { db in
            let user = try users.existingRowID(of: userID, in: db)
            let candidates = try userIDs.map { Array(try users.rowIDs(of: $0, in: db).values) }
            let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
            let fetched = try blocks.page(
                of: user, side: side, among: candidates, metadata: metadata, after: after, limit: request.fetchLimit, in: db
            )
            return try Page(fetched: fetched, request: request) { PageCursor([String($0)]) }.mapItems { rows in
                let summaries = try users.summaries(ofRows: rows, in: db)
                return rows.compactMap { summaries[$0] }
            }
        }
    }
}
