/// The moderation checks other services make: who may send, join or be invited. Checks
/// read but never write.
enum ModerationRules {
    /// Refuses users banned from the channel now, or from every channel of its custom type:
    /// they cannot join, be invited or send.
    static func checkNotBanned(_ userRowID: Int64, from channel: ChannelRecord, at now: Int64, in db: Database) throws {
        if try isRestricted(.ban, userRowID, in: channel, at: now, in: db) { throw APIError.bannedFromChannel }
    }

    private static func isRestricted(_ kind: Restriction.Kind, _ userRowID: Int64, in channel: ChannelRecord, at now: Int64, in db: Database) throws -> Bool {
        try RestrictionRepository(kind: kind).isInForce(on: userRowID, in: channel, at: now, in: db)
    }
}

extension APIError {
    static let bannedFromChannel = APIError(code: 900100, message: "The user is banned from this channel.")
    static let mutedInChannel = APIError(code: 900041, message: "The user is muted in this channel.")
}
