enum MemberState: String, Sendable {
    case joined, invited
}

/// What a member's unread counts count. The raw values are what the members table stores.
enum CountPreference: String, Sendable {
    case all
    case unreadMessageCountOnly = "unread_message_count_only"
    case unreadMentionCountOnly = "unread_mention_count_only"
    case off

    var countsMessages: Bool { self == .all || self == .unreadMessageCountOnly }
}

/// On the wire, as Sendbird's pages spell the values (`unread_mentioned_count_only`). SDK
/// 2.x can only send `false` for `off`, and older clients the stored spelling: both are read.
extension CountPreference: Codable {
    var wireValue: String {
        self == .unreadMentionCountOnly ? "unread_mentioned_count_only" : rawValue
    }

    init(wireValue: String) throws(APIError) {
        switch wireValue {
        case "unread_mentioned_count_only": self = .unreadMentionCountOnly
        case "false": self = .off
        default:
            guard let value = CountPreference(rawValue: wireValue) else { throw .invalid("count_preference") }
            self = value
        }
    }

    init(from decoder: any Decoder) throws {
        self = try CountPreference(wireValue: decoder.singleValueContainer().decode(String.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wireValue)
    }
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
    /// Where the member's unread message count starts (migration 0030): see `unreadMessageCount(in:)`.
    var unreadBase: Int64
    var unreadMentionCount: Int
    var countPreference: CountPreference
    /// The newest message this member sent silently: their own last message, seen by no one else.
    var ownLastMessageID: Int64?
    /// In a 1-on-1 channel, while newer messages are withheld from this member (they block
    /// the sender): the last message they were shown, if any, and when (migration 0035).
    var shownLastMessageID: Int64?
    var shownLastMessageAt: Int64?

    /// The columns `init(row:)` reads, in its order.
    enum Columns: Int, TableColumns {
        case channel_id, user_id, state, inviter_id, invited_at, joined_at, hidden_state, message_offset
        case last_read_at, delivered_at, unread_base, unread_mention_count, count_preference
        case own_last_message_id, shown_last_message_id, shown_last_message_at
    }

    /// What a query selects to read memberships: `SELECT \(MemberRecord.columns) FROM members ...`.
    static let columns = Columns.qualified(by: "members")

    /// The member's unread message count: the messages their channel counted since their base,
    /// while they are joined and count messages at all. `channel` is their channel, read in the
    /// same transaction. `MemberRepository.unreadMessageCount(of:)` counts the same in SQL.
    func unreadMessageCount(in channel: ChannelRecord) -> Int {
        guard state == .joined, countPreference.countsMessages else { return 0 }
        let unread = Int(max(channel.countedMessages - unreadBase, 0))
        return channel.isSuper ? min(unread, ChannelRules.maxSupergroupUnreadCount) : unread
    }

    init(row: Row) {
        self.init(row: row, from: 0)
    }

    /// A membership whose columns stand `offset` places into the row, after another table's.
    init(row: Row, from offset: Int) {
        channelID = row[Columns.channel_id, from: offset]
        userRowID = row[Columns.user_id, from: offset]
        state = MemberState(rawValue: row[Columns.state, from: offset]) ?? .joined
        inviterRowID = row[Columns.inviter_id, from: offset]
        invitedAt = row[Columns.invited_at, from: offset]
        joinedAt = row[Columns.joined_at, from: offset]
        hiddenState = HiddenState(rawValue: row[Columns.hidden_state, from: offset]) ?? .unhidden
        messageOffset = row[Columns.message_offset, from: offset]
        lastReadAt = row[Columns.last_read_at, from: offset]
        deliveredAt = row[Columns.delivered_at, from: offset]
        unreadBase = row[Columns.unread_base, from: offset]
        unreadMentionCount = row[Columns.unread_mention_count, from: offset]
        countPreference = CountPreference(rawValue: row[Columns.count_preference, from: offset]) ?? .all
        ownLastMessageID = row[Columns.own_last_message_id, from: offset]
        shownLastMessageID = row[Columns.shown_last_message_id, from: offset]
        shownLastMessageAt = row[Columns.shown_last_message_at, from: offset]
    }
}
