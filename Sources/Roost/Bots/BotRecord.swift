/// A row of the bots table: what makes a user a bot.
struct BotRecord: Sendable, Equatable, FetchableRecord {
    var userRowID: Int64
    var type: String
    var token: String
    var callbackURL: String
    var isPrivacyMode: Bool
    var enableMarkAsRead: Bool
    var showMember: Bool
    /// 0: the bot joins a channel it is invited to at once; 1: it has to accept.
    var channelInvitationPreference: Int
    /// Seconds since 1970.
    var createdAt: Int64

    enum Columns: Int, TableColumns {
        case user_id, bot_type, bot_token, callback_url, is_privacy_mode, enable_mark_as_read, show_member
        case channel_invitation_preference, created_at
    }
}

extension BotRecord {
    init(row: Row) {
        userRowID = row[Columns.user_id]
        type = row[Columns.bot_type]
        token = row[Columns.bot_token]
        callbackURL = row[Columns.callback_url]
        isPrivacyMode = row[Columns.is_privacy_mode]
        enableMarkAsRead = row[Columns.enable_mark_as_read]
        showMember = row[Columns.show_member]
        channelInvitationPreference = row[Columns.channel_invitation_preference]
        createdAt = row[Columns.created_at]
    }
}

/// A bot with its user, as the routes and callbacks show it.
struct Bot: Sendable {
    let record: BotRecord
    let user: UserSummary
}
