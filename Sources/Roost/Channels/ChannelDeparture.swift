import GRDB

/// Leaving group channels, shared by the channel routes and by user deactivation.
struct ChannelDeparture: Sendable {
    private let channels = ChannelRepository()
    private let members = MemberRepository()

    /// Leaves every group channel of a user, or only those of one custom type.
    func leaveAll(userRowID: Int64, customType: String?, in db: Database) throws {
        for channelID in try members.channelIDs(of: userRowID, customType: customType, in: db) {
            try members.remove(channelID: channelID, userRowID: userRowID, in: db)
            if var channel = try channels.find(rowID: channelID, in: db) {
                try endDistinctness(of: &channel, in: db)
            }
        }
    }

    /// A distinct channel stops being distinct once its member set changes, as Sendbird does.
    func endDistinctness(of channel: inout ChannelRecord, in db: Database) throws {
        guard channel.isDistinct else { return }
        channel.isDistinct = false
        channel.distinctKey = nil
        try channels.save(channel, in: db)
    }
}
