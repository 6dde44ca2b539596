/// Bans and mutes as they are imposed, inside the caller's transaction.
struct ModerationChanges: Sendable {
    let events: EventLog
    /// Told of members a ban takes out.
    var departures: (any DepartureObserver)?

    /// Stores a ban or mute; a ban in a group channel also takes the member out of it.
    func impose(_ restriction: Restriction, kind: Restriction.Kind, in channel: ChannelRecord, in db: Database) throws {
        try RestrictionRepository(kind: kind).put(restriction, in: db)
        let payload = Imposed(
            description: restriction.description, startAt: restriction.startAt,
            endAt: RestrictionEnd.shown(start: restriction.startAt, end: restriction.endAt)
        )
        try recordStreamEvent(kind == .ban ? .userBan : .userMute, payload, of: restriction.userRowID, in: channel, at: restriction.startAt, in: db)
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
        try events.recordMembershipEvent(.left, channel, [userRowID], at: time, in: db)
        try departures?.departed([userRowID], from: channel, reason: reason, at: time, in: db)
    }

    /// Lifts a ban or mute in force.
    func lift(_ kind: Restriction.Kind, of userRowID: Int64, in channel: ChannelRecord, at time: Int64, in db: Database) throws {
        try RestrictionRepository(kind: kind).remove(channelID: channel.rowID, userRowID: userRowID, in: db)
        try recordStreamEvent(kind == .ban ? .userUnban : .userUnmute, Lifted(liftedAt: time), of: userRowID, in: channel, at: time, in: db)
    }

    /// Told to the channel's members and to the user it is about.
    private func recordStreamEvent(
        _ category: EventCategory, _ payload: some Encodable, of userRowID: Int64, in channel: ChannelRecord, at time: Int64, in db: Database
    ) throws {
        let user = try UserRepository().summary(ofRow: userRowID, in: db)
        try events.recordStreamEvent(category, payload, channel, user: user, at: time, in: db)
    }

    private struct Imposed: Encodable {
        let description: String
        let startAt: Int64
        let endAt: Int64

        enum CodingKeys: String, CodingKey { case description, startAt = "start_at", endAt = "end_at" }
    }

    private struct Lifted: Encodable {
        let liftedAt: Int64

        enum CodingKeys: String, CodingKey { case liftedAt = "lifted_at" }
    }
}
