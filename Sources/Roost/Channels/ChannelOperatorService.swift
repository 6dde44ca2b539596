/// Operators of one kind of channel: registering, listing and cancelling them.
struct ChannelOperatorService: Sendable {
    let type: ChannelType
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    private let channels = ChannelRepository()
    private let operators = OperatorRepository()
    private let users = UserRepository()

    func register(_ url: String, userIDs: [String]) async throws {
        let now = clock.now
        try await database.write { db in
            let channel = try channels.existing(type, url: url, in: db)
            let added = try MembershipChanges().registerOperators(userIDs, in: channel.rowID, in: db)
            try record(.operatorsRegister, added, of: channel, at: now, in: db)
        }
    }

    func remove(_ url: String, userIDs: [String], all: Bool) async throws {
        let now = clock.now
        try await database.write { db in
            let channel = try channels.existing(type, url: url, in: db)
            let rows: [Int64]
            if all {
                rows = try operators.operators(ofChannels: [channel.rowID], in: db)[channel.rowID] ?? []
                try operators.removeAll(from: channel.rowID, in: db)
            } else {
                guard !userIDs.isEmpty else { throw APIError.missing("operator_ids") }
                rows = try userIDs.map { try users.existingRowID(of: $0, in: db) }
                for row in rows where try !operators.isOperator(row, of: channel.rowID, in: db) {
                    throw APIError.invalid("operator_ids", "The list contains a non-operator id.")
                }
                try operators.remove(rows, from: channel.rowID, in: db)
            }
            try record(.operatorsUnregister, rows, of: channel, at: now, in: db)
        }
    }

    /// `operators:register_by_operator` or `:unregister_by_operator`, naming the operators.
    private func record(_ category: EventCategory, _ rows: [Int64], of channel: ChannelRecord, at time: Int64, in db: Database) throws {
        guard !rows.isEmpty else { return }
        let summaries = try users.summaries(ofRows: rows, in: db)
        let named = rows.compactMap { summaries[$0] }
        let payload = OperatorsChanged(
            requestedAt: time, channelType: channel.type == .group ? "group_channel" : "open_channel",
            channel: EventChannel(channel: channel), operators: named.map(EventUser.init)
        )
        try events.record(category, payload, at: time, channelURL: channel.url, concerning: named.map(\.userID), in: db)
    }

    func list(_ url: String, page request: PageRequest) async throws -> Page<UserSummary> {
        try await database.read { db in
            let channelID = try channels.existing(type, url: url, in: db).rowID
            let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
            let fetched = try operators.page(of: channelID, after: after, limit: request.fetchLimit, in: db)
            return try Page(fetched: fetched, request: request) { PageCursor([String($0)]) }.mapItems { rows in
                let summaries = try users.summaries(ofRows: rows, in: db)
                return rows.compactMap { summaries[$0] }
            }
        }
    }
}

private struct OperatorsChanged: Encodable {
    let requestedAt: Int64
    let channelType: String
    let channel: EventChannel
    let operators: [EventUser]
    let sdk = "API"

    enum CodingKeys: String, CodingKey { case requestedAt = "requested_at", channelType = "channel_type", channel, operators, sdk }
}
