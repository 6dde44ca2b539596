/// Bans and mutes by channel custom type (`/v3/applications/settings_by_channel_custom_type`):
/// each holds in every channel of the custom type, those made later included, and a ban
/// also takes the user out of the group channels of that type they are in.
struct CustomTypeModerationService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    var departures: (any DepartureObserver)?
    private let users = UserRepository()

    /// One user to ban or mute, for `seconds` (-1 or none: permanently).
    struct Order: Sendable {
        let userID: String
        let seconds: Int64?
        let description: String?
    }

    /// With `upsert`, users who do not exist are created first; without it, they are passed over.
    func restrict(_ kind: Restriction.Kind, _ orders: [Order], in customType: String, upsert: Bool) async throws {
        guard !orders.isEmpty else { throw APIError.missing(kind == .ban ? "banned_list" : "user_ids") }
        guard orders.count <= 100 else { throw APIError.tooManyItems(kind == .ban ? "banned_list" : "user_ids", max: 100) }
        let now = clock.now
        let checked = try orders.map { order throws(APIError) in
            try UserRules.checkUserID(order.userID)
            return (order, try ModerationService.window(seconds: order.seconds, from: now), try ModerationService.checked(order.description, of: kind))
        }
        try await database.write { db in
            let restrictions = CustomTypeRestrictionRepository(kind)
            let channels = kind == .ban ? try ChannelRepository().all(customTypes: [customType], in: db) : []
            for (order, window, description) in checked {
                guard let userRowID = try userRowID(order.userID, creating: upsert, at: now, in: db) else { continue }
                try restrictions.put(
                    CustomTypeRestriction(customType: customType, userRowID: userRowID, description: description, startAt: window.start, endAt: window.end),
                    in: db
                )
                for channel in channels {
                    try ModerationChanges(events: events, departures: departures).takeOut(userRowID, from: channel, reason: .removedByAdmin, at: now, in: db)
                }
            }
        }
    }

    func lift(_ kind: Restriction.Kind, _ userIDs: [String], from customType: String) async throws {
        guard !userIDs.isEmpty else { throw APIError.missing("user_ids") }
        try await database.write { db in
            let rows = try userIDs.map { try users.existingRowID(of: $0, in: db) }
            try CustomTypeRestrictionRepository(kind).remove(rows, from: customType, in: db)
        }
    }

    func restrictions(_ kind: Restriction.Kind, in customType: String, page request: PageRequest) async throws -> Page<ModerationService.Entry> {
        let now = clock.now
        return try await database.read { db in
            let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
            let fetched = try CustomTypeRestrictionRepository(kind).page(of: customType, at: now, after: after, limit: request.fetchLimit, in: db)
            return try Page(fetched: fetched, request: request) { PageCursor([String($0.userRowID)]) }.mapItems { rows in
                let summaries = try users.summaries(ofRows: rows.map(\.userRowID), in: db)
                return rows.compactMap { row in summaries[row.userRowID].map { ModerationService.Entry(restriction: row, user: $0) } }
            }
        }
    }

    private func userRowID(_ userID: String, creating: Bool, at now: Int64, in db: Database) throws -> Int64? {
        if let existing = try users.rowID(of: userID, in: db) { return existing }
        guard creating else { return nil }
        let new = NewUser(
            userID: userID, nickname: "", profileURL: "", accessToken: nil, discoveryKeys: [], preferredLanguages: [], metadata: [:],
            createdAt: now
        )
        return try users.insert(new, in: db)
    }
}
