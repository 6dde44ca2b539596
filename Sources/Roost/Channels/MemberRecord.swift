import GRDB

enum MemberState: String, Sendable {
    case joined, invited
}

/// What a member's unread counts count.
enum CountPreference: String, Sendable, Codable {
    case all
    case unreadMessageCountOnly = "unread_message_count_only"
    case unreadMentionCountOnly = "unread_mention_count_only"
    case off

    var countsMessages: Bool { self == .all || self == .unreadMessageCountOnly }
    var countsMentions: Bool { self == .all || self == .unreadMentionCountOnly }
}

enum HiddenState: String, Sendable {
    case unhidden
    case hiddenAllowAutoUnhide = "hidden_allow_auto_unhide"
    case hiddenPreventAutoUnhide = "hidden_prevent_auto_unhide"
}

/// A user's membership in a group channel: a row of the members table.
struct MemberRecord: Sendable, Equatable, FetchableRecord {
    var channelID: Int64
    var userRowID: Int64
    var state: MemberState
    var inviterRowID: Int64?
    var invitedAt: Int64
    var joinedAt: Int64
    var hiddenState: HiddenState
    var messageOffset: Int64
    var lastReadAt: Int64
    var deliveredAt: Int64
    var unreadMessageCount: Int
    var unreadMentionCount: Int
    var countPreference: CountPreference

    /// The columns `init(row:)` reads, in its order.
    enum Columns: Int, TableColumns {
        case channel_id, user_id, state, inviter_id, invited_at, joined_at, hidden_state, message_offset
        case last_read_at, delivered_at, unread_message_count, unread_mention_count, count_preference
    }

    /// What a query selects to read memberships: `SELECT \(MemberRecord.columns) FROM members ...`.
    static let columns = Columns.qualified(by: "members")

    init(row: Row) {
        channelID = row[Columns.channel_id]
        userRowID = row[Columns.user_id]
        state = MemberState(rawValue: row[Columns.state]) ?? .joined
        inviterRowID = row[Columns.inviter_id]
        invitedAt = row[Columns.invited_at]
        joinedAt = row[Columns.joined_at]
        hiddenState = HiddenState(rawValue: row[Columns.hidden_state]) ?? .unhidden
        messageOffset = row[Columns.message_offset]
        lastReadAt = row[Columns.last_read_at]
        deliveredAt = row[Columns.delivered_at]
        unreadMessageCount = row[Columns.unread_message_count]
        unreadMentionCount = row[Columns.unread_mention_count]
        countPreference = CountPreference(rawValue: row[Columns.count_preference]) ?? .all
    }
}
