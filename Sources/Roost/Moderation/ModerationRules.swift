import GRDB

/// The moderation checks other services make: who may send, join or be invited. Checks
/// read but never write.
enum ModerationRules {
    /// Refuses users banned from the channel now: they cannot join, be invited or send.
    static func checkNotBanned(_ userRowID: Int64, from channel: ChannelRecord, at now: Int64, in db: Database) throws {
        if try RestrictionRepository(kind: .ban).active(channelID: channel.rowID, userRowID: userRowID, at: now, in: db) != nil {
            throw APIError.bannedFromChannel
        }
    }

    static func checkNotMuted(_ userRowID: Int64, in channel: ChannelRecord, at now: Int64, in db: Database) throws {
        if try RestrictionRepository(kind: .mute).active(channelID: channel.rowID, userRowID: userRowID, at: now, in: db) != nil {
            throw APIError.mutedInChannel
        }
    }
}

extension APIError {
    static let bannedFromChannel = APIError(code: 900100, message: "The user is banned from this channel.")
    static let mutedInChannel = APIError(code: 900041, message: "The user is muted in this channel.")
}
