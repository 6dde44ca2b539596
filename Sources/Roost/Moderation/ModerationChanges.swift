import GRDB

/// Bans and mutes as they are imposed, inside the caller's transaction.
struct ModerationChanges: Sendable {
    let events: EventLog
    /// Told of members a ban takes out.
    var departures: (any DepartureObserver)?

    /// Stores a ban or mute; a ban in a group channel also takes the member out of it.
    func impose(_ restriction: Restriction, kind: Restriction.Kind, in channel: ChannelRecord, in db: Database) throws {
        try RestrictionRepository(kind: kind).put(restriction, in: db)
        guard kind == .ban else { return }
        let reason: DepartureReason = restriction.agentRowID == nil ? .removedByAdmin : .removedByOperator
        try takeOut(restriction.userRowID, from: channel, reason: reason, at: restriction.startAt, in: db)
    }

    /// A banned or kicked member leaves a group channel, with the `group_channel:leave` event
    /// that members watching the channel rely on.
    func takeOut(_ userRowID: Int64, from channel: ChannelRecord, reason: DepartureReason, at time: Int64, in db: Database) throws {
        guard channel.type == .group, try MemberRepository().find(channelID: channel.rowID, userRowID: userRowID, in: db) != nil
        else { return }
        try MemberRepository().remove(channelID: channel.rowID, userRowID: userRowID, in: db)
        var channel = channel
        try MembershipChanges().endDistinctness(of: &channel, in: db)
        try events.recordMembershipEvent(.groupChannelLeave, "left_at", channel, [userRowID], at: time, in: db)
        try departures?.departed([userRowID], from: channel, reason: reason, at: time, in: db)
    }
}
