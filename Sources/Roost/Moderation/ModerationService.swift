/// Bans and mutes in both kinds of channel, and bans, mutes and operator roles across the
/// channels of given custom types. The rules they impose on sending, joining and inviting
/// are checked where those happen, through `ModerationRules`.
struct ModerationService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    var departures: (any DepartureObserver)?
    private let users = UserRepository()
    private let channels = ChannelRepository()
    private let members = MemberRepository()
    private let operators = OperatorRepository()

    /// A ban or mute of "-1 seconds" lasts ten years, as Sendbird's "permanent" ones do.
    static let permanentMilliseconds: Int64 = 10 * 365 * 24 * 60 * 60 * 1000
    /// A ban's reason is at most 250 characters, a mute's 2,048 (Sendbird's ban and mute pages).
    static func maxDescriptionLength(of kind: Restriction.Kind) -> Int { kind == .ban ? 250 : 2048 }

    /// A restriction with the restricted user, as the routes answer it: in one channel, or in
    /// every channel of a custom type.
    struct Entry: Sendable {
        let user: UserSummary
        let description: String
        let startAt: Int64
        let endAt: Int64

        init(restriction: Restriction, user: UserSummary) {
            self.init(user: user, description: restriction.description, startAt: restriction.startAt, endAt: restriction.endAt)
        }

        init(restriction: CustomTypeRestriction, user: UserSummary) {
            self.init(user: user, description: restriction.description, startAt: restriction.startAt, endAt: restriction.endAt)
        }

        private init(user: UserSummary, description: String, startAt: Int64, endAt: Int64) {
            self.user = user
            self.description = description
            self.startAt = startAt
            self.endAt = endAt
        }
    }

    /// Bans or mutes users in a channel for `seconds` (-1: permanently). A ban also takes
    /// them out of a group channel.
    func restrict(
        _ kind: Restriction.Kind, _ userIDs: [String], in type: ChannelType, _ url: String,
        seconds: Int64?, description: String?, agentID: String?
    ) async throws -> [Entry] {
        guard !userIDs.isEmpty else { throw APIError.missing("user_id") }
        let window = try Self.window(seconds: seconds, from: clock.now)
        let description = try Self.checked(description, of: kind)
        return try await database.write { db in
            let channel = try channels.existing(type, url: url, in: db)
            let agent = try agentID.flatMap { $0.isEmpty ? nil : $0 }.map { try users.existingRowID(of: $0, in: db) }
            var entries: [Entry] = []
            for userID in userIDs {
                let userRowID = try users.existingRowID(of: userID, in: db)
                let restriction = Restriction(
                    channelID: channel.rowID, userRowID: userRowID, agentRowID: agent, description: description,
                    startAt: window.start, endAt: window.end
                )
                try ModerationChanges(events: events, departures: departures).impose(restriction, kind: kind, in: channel, in: db)
                entries.append(Entry(restriction: restriction, user: try summary(userRowID, in: db)))
            }
            return entries
        }
    }

    /// Changes the length or reason of a ban in force.
    func updateBan(_ userID: String, in type: ChannelType, _ url: String, seconds: Int64?, description: String?) async throws -> Entry {
        let now = clock.now
        let description = try description.map { description throws(APIError) in try Self.checked(description, of: .ban) }
        return try await database.write { db in
            let channel = try channels.existing(type, url: url, in: db)
            let userRowID = try users.existingRowID(of: userID, in: db)
            let bans = RestrictionRepository(kind: .ban)
            guard var ban = try bans.active(channelID: channel.rowID, userRowID: userRowID, at: now, in: db) else {
                throw APIError.notFound("Ban")
            }
            if let seconds { ban.endAt = try Self.window(seconds: seconds, from: ban.startAt).end }
            if let description { ban.description = description }
            try bans.put(ban, in: db)
            return Entry(restriction: ban, user: try summary(userRowID, in: db))
        }
    }

    func lift(_ kind: Restriction.Kind, _ userID: String, in type: ChannelType, _ url: String) async throws {
        let now = clock.now
        try await database.write { db in
            let channel = try channels.existing(type, url: url, in: db)
            let userRowID = try users.existingRowID(of: userID, in: db)
            let repository = RestrictionRepository(kind: kind)
            guard try repository.active(channelID: channel.rowID, userRowID: userRowID, at: now, in: db) != nil else {
                throw APIError.notFound(kind == .ban ? "Ban" : "Mute")
            }
            try ModerationChanges(events: events, departures: departures).lift(kind, of: userRowID, in: channel, at: now, in: db)
        }
    }

    /// The user's ban or mute in the channel, if in force.
    func restriction(_ kind: Restriction.Kind, of userID: String, in type: ChannelType, _ url: String) async throws -> Entry? {
        let now = clock.now
        return try await database.read { db in
            let channel = try channels.existing(type, url: url, in: db)
            let userRowID = try users.existingRowID(of: userID, in: db)
            return try RestrictionRepository(kind: kind).active(channelID: channel.rowID, userRowID: userRowID, at: now, in: db)
                .map { Entry(restriction: $0, user: try summary(userRowID, in: db)) }
        }
    }

    /// One page of a channel's bans or mutes in force, with how many there are.
    /// One page of the bans or mutes in force in a channel, with how many there are in all
    /// when `counting`.
    func restrictions(
        _ kind: Restriction.Kind, in type: ChannelType, _ url: String, page request: PageRequest, counting: Bool
    ) async throws -> (page: Page<Entry>, total: Int?) {
        let now = clock.now
        return try await database.read { db in
            let channel = try channels.existing(type, url: url, in: db)
            let repository = RestrictionRepository(kind: kind)
            let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
            let fetched = try repository.page(of: channel.rowID, at: now, after: after, limit: request.fetchLimit, in: db)
            let page = try Page(fetched: fetched, request: request) { PageCursor([String($0.userRowID)]) }.mapItems { rows in
                let summaries = try users.summaries(ofRows: rows.map(\.userRowID), in: db)
                return rows.compactMap { row in summaries[row.userRowID].map { Entry(restriction: row, user: $0) } }
            }
            return (page, counting ? try repository.count(of: channel.rowID, at: now, in: db) : nil)
        }
    }

    /// A user's bans or mutes in force across channels, each with its channel record.
    func restrictions(
        _ kind: Restriction.Kind, ofUser userID: String, page request: PageRequest
    ) async throws -> Page<(restriction: Restriction, channel: ChannelRecord)> {
        let now = clock.now
        return try await database.read { db in
            let userRowID = try users.existingRowID(of: userID, in: db)
            let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
            let fetched = try RestrictionRepository(kind: kind).page(ofUser: userRowID, at: now, after: after, limit: request.fetchLimit, in: db)
            return try Page(fetched: fetched, request: request) { PageCursor([String($0.channelID)]) }.mapItems { rows in
                try rows.compactMap { row in try channels.find(rowID: row.channelID, in: db).map { (row, $0) } }
            }
        }
    }

    /// Bans, mutes or makes a user an operator in every channel of the given custom types.
    func applyToCustomTypes(
        _ action: CustomTypeAction, userID: String, customTypes: [String], seconds: Int64?, description: String?
    ) async throws {
        guard !customTypes.isEmpty else { throw APIError.missing("channel_custom_types") }
        let window = try Self.window(seconds: seconds, from: clock.now)
        let description = try Self.checked(description, of: action == .mute ? .mute : .ban)
        try await database.write { db in
            let userRowID = try users.existingRowID(of: userID, in: db)
            for channel in try channels.all(customTypes: customTypes, in: db) {
                switch action {
                case .ban, .mute:
                    let restriction = Restriction(
                        channelID: channel.rowID, userRowID: userRowID, description: description,
                        startAt: window.start, endAt: window.end
                    )
                    try ModerationChanges(events: events, departures: departures).impose(restriction, kind: action == .ban ? .ban : .mute, in: channel, in: db)
                case .operate:
                    try operators.add([userRowID], to: channel.rowID, in: db)
                }
            }
        }
    }

    enum CustomTypeAction: Sendable {
        case ban, mute, operate
    }

    private func summary(_ userRowID: Int64, in db: Database) throws -> UserSummary {
        guard let summary = try users.summary(ofRow: userRowID, in: db) else { throw APIError.notFound("User") }
        return summary
    }

    /// When a ban or mute of `seconds` (-1: permanently) starting at `start` ends. Lengths are
    /// capped at the ten years a permanent one lasts, which also keeps the sum in range.
    static func window(seconds: Int64?, from start: Int64) throws(APIError) -> (start: Int64, end: Int64) {
        let seconds = seconds ?? -1
        let maxSeconds = permanentMilliseconds / 1000
        guard seconds == -1 || (1...maxSeconds).contains(seconds) else {
            throw .invalid("seconds", "Give from 1 to \(maxSeconds) seconds, or -1 for permanently.")
        }
        return (start, start + (seconds == -1 ? permanentMilliseconds : seconds * 1000))
    }

    static func checked(_ description: String?, of kind: Restriction.Kind) throws(APIError) -> String {
        let description = description ?? ""
        let max = maxDescriptionLength(of: kind)
        guard description.count <= max else { throw .tooLong("description", max: max) }
        return description
    }
}
