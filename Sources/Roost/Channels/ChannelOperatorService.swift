import GRDB

/// Operators of one kind of channel: registering, listing and cancelling them.
struct ChannelOperatorService: Sendable {
    let type: ChannelType
    let database: AppDatabase
    private let channels = ChannelRepository()
    private let operators = OperatorRepository()
    private let users = UserRepository()

    init(type: ChannelType, database: AppDatabase) {
        self.type = type
        self.database = database
    }

    func register(_ url: String, userIDs: [String]) async throws {
        try await database.write { db in
            try MembershipChanges().registerOperators(userIDs, in: try channels.existing(type, url: url, in: db).rowID, in: db)
        }
    }

    func remove(_ url: String, userIDs: [String], all: Bool) async throws {
        try await database.write { db in
            let channelID = try channels.existing(type, url: url, in: db).rowID
            if all {
                try operators.removeAll(from: channelID, in: db)
            } else {
                guard !userIDs.isEmpty else { throw APIError.missing("operator_ids") }
                let rows = try userIDs.map { try users.existingRowID(of: $0, in: db) }
                for row in rows where try !operators.isOperator(row, of: channelID, in: db) {
                    throw APIError.invalid("operator_ids", "The list contains a non-operator id.")
                }
                try operators.remove(rows, from: channelID, in: db)
            }
        }
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
