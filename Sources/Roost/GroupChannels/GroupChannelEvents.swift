/// The events of group channels, each recorded inside the transaction of the change it
/// reports, after the change (so `members` shows the channel as it now is). Changes made
/// through the Platform API carry `sdk: "API"`.
struct GroupChannelEvents: Sendable {
    let log: EventLog
    private let users = UserRepository()

    func created(_ channel: ChannelRecord, by creator: Int64?, members: [Int64], at time: Int64, in db: Database) throws {
        let payload = Created(createdAt: time, inviter: try creator.flatMap { try user($0, in: db) })
        try log.recordChannelEvent(.groupChannelCreate, payload, channel, at: time, in: db)
        try autoMessages.post(.channelCreated, in: channel, at: time, in: db)
        // Members added at creation join, even those whose invitation waits for them.
        try log.recordMembershipEvent(.joined, channel, members, at: time, in: db)
    }

    func joined(_ channel: ChannelRecord, _ userRowIDs: [Int64], at time: Int64, in db: Database) throws {
        try log.recordMembershipEvent(.joined, channel, userRowIDs, at: time, in: db)
        try autoMessages.post(.joined(userRowIDs), in: channel, at: time, in: db)
    }

    /// Members who left through the leave routes: of their own choice, unless the request said
    /// otherwise.
    func left(
        _ channel: ChannelRecord, _ userRowIDs: [Int64], reason: AutoEventMessages.LeaveReason = .leftByOwnChoice, at time: Int64,
        in db: Database
    ) throws {
        try log.recordMembershipEvent(.left, channel, userRowIDs, at: time, in: db)
        try autoMessages.post(.left(userRowIDs, reason: reason), in: channel, at: time, in: db)
    }

    func declined(_ channel: ChannelRecord, _ userRowID: Int64, at time: Int64, in db: Database) throws {
        try log.recordMembershipEvent(.declined, channel, [userRowID], at: time, in: db)
    }

    func invited(
        _ channel: ChannelRecord, by inviter: Int64?, _ invitees: [Int64], atCreation: Bool = false, at time: Int64,
        in db: Database
    ) throws {
        guard !invitees.isEmpty else { return }
        let summaries = try users.summaries(ofRows: invitees, in: db)
        let invited = invitees.compactMap { summaries[$0] }
        let payload = Invited(
            invitedAt: time, inviter: try inviter.flatMap { try user($0, in: db) }, invitees: invited.map(EventUser.init)
        )
        if atCreation {
            // The invitees are members already, so their streams carry the channel's events.
            try log.recordStreamEvent(.inviteAtCreation, payload, channel, at: time, in: db)
        } else {
            try log.recordChannelEvent(.groupChannelInvite, payload, channel, at: time, concerning: invited.map(\.userID), in: db)
        }
    }

    /// A channel whose name, cover, custom type, data or access code changed, with each
    /// change's old and new value.
    func changed(from old: ChannelRecord, to new: ChannelRecord, at time: Int64, in db: Database) throws {
        let changes = ChannelChange.between(old, new)
        guard !changes.isEmpty else { return }
        try log.recordChannelEvent(.groupChannelChanged, ChannelChanged(changedAt: time, changes: changes), new, at: time, in: db)
        try autoMessages.post(.channelChanged, in: new, at: time, in: db)
    }

    func removed(_ channel: ChannelRecord, at time: Int64, in db: Database) throws {
        try log.recordChannelEvent(.groupChannelRemove, Removed(removedAt: time), channel, at: time, withMembers: false, in: db)
    }

    func frozen(_ channel: ChannelRecord, at time: Int64, in db: Database) throws {
        try log.recordChannelEvent(.groupChannelFreezeUnfreeze, ChannelFrozen(freeze: channel.freeze, changedAt: time), channel, at: time, in: db)
    }

    private var autoMessages: AutoEventMessages { AutoEventMessages(log: log) }

    private struct Created: Encodable {
        let createdAt: Int64
        let inviter: EventUser?

        enum CodingKeys: String, CodingKey { case createdAt = "created_at", inviter }
    }

    private struct Invited: Encodable {
        let invitedAt: Int64
        let inviter: EventUser?
        let invitees: [EventUser]

        enum CodingKeys: String, CodingKey { case invitedAt = "invited_at", inviter, invitees }
    }

    private struct Removed: Encodable {
        let removedAt: Int64

        enum CodingKeys: String, CodingKey { case removedAt = "removed_at" }
    }

    private func user(_ rowID: Int64, in db: Database) throws -> EventUser? {
        try users.summary(ofRow: rowID, in: db).map(EventUser.init)
    }
}
