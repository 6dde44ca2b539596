import GRDB

/// Bans and mutes as they are imposed, inside the caller's transaction.
struct ModerationChanges: Sendable {
    /// Stores a ban or mute; a ban in a group channel also takes the member out of it.
    func impose(_ restriction: Restriction, kind: Restriction.Kind, in channel: ChannelRecord, in db: Database) throws {
        try RestrictionRepository(kind: kind).put(restriction, in: db)
        if kind == .ban, channel.type == .group {
            try MemberRepository().remove(channelID: channel.rowID, userRowID: restriction.userRowID, in: db)
            var channel = channel
            try MembershipChanges().endDistinctness(of: &channel, in: db)
        }
    }
}
