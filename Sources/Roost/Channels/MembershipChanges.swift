/// Changes to who belongs to or operates a channel that several areas make: leaving
/// channels (channel routes, user deactivation, bans), losing distinctness and registering
/// operators (channel creation and updates). Each runs inside the caller's transaction.
struct MembershipChanges: Sendable {
    private let channels = ChannelRepository()
    private let members = MemberRepository()
    private let operators = OperatorRepository()
    private let users = UserRepository()

    /// Leaves every group channel of a user, or only those of one custom type; answers the
    /// channels left, as they are now.
    @discardableResult
    func leaveAll(userRowID: Int64, customType: String?, in db: Database) throws -> [ChannelRecord] {
        var left: [ChannelRecord] = []
        for channelID in try members.channelIDs(of: userRowID, customType: customType, in: db) {
            try members.remove(channelID: channelID, userRowID: userRowID, in: db)
            if var channel = try channels.find(rowID: channelID, in: db) {
                try endDistinctness(of: &channel, in: db)
                left.append(channel)
            }
        }
        return left
    }

    /// A distinct channel stops being distinct once its member set changes, as Sendbird does.
    func endDistinctness(of channel: inout ChannelRecord, in db: Database) throws {
        guard channel.isDistinct else { return }
        channel.isDistinct = false
        channel.distinctKey = nil
        try channels.save(channel, in: db)
    }

    /// Adds operators to a channel, which may then have at most `maxOperators` of them;
    /// answers the row ids of those who were not operators before.
    @discardableResult
    func registerOperators(_ userIDs: [String], in channelID: Int64, in db: Database) throws -> [Int64] {
        let before = Set(try operators.operators(ofChannels: [channelID], in: db)[channelID] ?? [])
        let rows = try userIDs.map { try users.existingRowID(of: $0, in: db) }
        try operators.add(rows, to: channelID, in: db)
        let count = try operators.operators(ofChannels: [channelID], in: db)[channelID]?.count ?? 0
        guard count <= ChannelRules.maxOperators else {
            throw APIError.tooManyItems("operator_ids", max: ChannelRules.maxOperators)
        }
        var seen = before
        return rows.filter { seen.insert($0).inserted }
    }
}

/// Takes a user out of all their group channels, each with its `group_channel:leave` event
/// as leaving through the API has: a user deactivated with `leave_all_when_deactivated` or
/// deleted, a bot being deleted.
struct LeaveAllGroupChannels: UserDepartureHandler {
    let events: EventLog
    /// Told of members who leave because they were deactivated or deleted.
    var departures: (any DepartureObserver)?

    func leaveAll(_ userRowID: Int64, at time: Int64, in db: Database) throws -> [ChannelRecord] {
        let left = try MembershipChanges().leaveAll(userRowID: userRowID, customType: nil, in: db)
        for channel in left {
            try events.recordMembershipEvent(.left, channel, [userRowID], at: time, in: db)
        }
        return left
    }

    func userDeactivated(_ userRowID: Int64, at time: Int64, in db: Database) throws {
        for channel in try leaveAll(userRowID, at: time, in: db) {
            try departures?.departed([userRowID], from: channel, reason: .deactivated, at: time, in: db)
        }
    }

    func userDeleting(_ userRowID: Int64, at time: Int64, in db: Database) throws {
        for channel in try leaveAll(userRowID, at: time, in: db) {
            try departures?.departed([userRowID], from: channel, reason: .deleted, at: time, in: db)
        }
    }
}

/// Why members left a group channel other than of their own choice.
enum DepartureReason: Sendable {
    /// Banned through the API, or kicked by profanity-triggered moderation.
    case removedByAdmin
    /// Banned by an operator of the channel (a ban that names its `agent_id`).
    case removedByOperator
    case deactivated
    case deleted
}

/// Reacts to members taken out of a group channel (the auto event messages, which sit
/// above the areas that take members out); runs inside the caller's transaction.
protocol DepartureObserver: Sendable {
    func departed(_ userRowIDs: [Int64], from channel: ChannelRecord, reason: DepartureReason, at time: Int64, in db: Database) throws
}
