import GRDB

/// Bans and mutes as they are imposed, inside the caller's transaction.
struct ModerationChanges: Sendable {
    let events: EventLog

    /// Stores a ban or mute; a ban in a group channel also takes the member out of it, with
    /// the `group_channel:leave` event that members watching the channel rely on.
    func impose(_ restriction: Restriction, kind: Restriction.Kind, in channel: ChannelRecord, in db: Database) throws {
        try RestrictionRepository(kind: kind).put(restriction, in: db)
        guard kind == .ban, channel.type == .group,
              try MemberRepository().find(channelID: channel.rowID, userRowID: restriction.userRowID, in: db) != nil
        else { return }
        try MemberRepository().remove(channelID: channel.rowID, userRowID: restriction.userRowID, in: db)
        var channel = channel
        try MembershipChanges().endDistinctness(of: &channel, in: db)
        try events.recordMembershipEvent(.groupChannelLeave, "left_at", channel, [restriction.userRowID], at: restriction.startAt, in: db)
    }
}
