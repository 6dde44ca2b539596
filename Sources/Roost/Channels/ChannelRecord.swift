import GRDB

/// The two kinds of channel, named as they appear in paths: `/v3/{channel_type}/...`.
enum ChannelType: String, Sendable {
    case group = "group_channels"
    case open = "open_channels"

    /// The resource name errors use: `"Channel" not found.`
    var noun: String { "Channel" }
}

/// A row of the channels table.
struct ChannelRecord: Sendable, Equatable, ColumnOrderedRecord {
    var rowID: Int64
    var type: ChannelType
    var url: String
    var name: String
    var coverURL: String
    var customType: String
    var data: String
    var isDistinct: Bool
    var isPublic: Bool
    var isSuper: Bool
    var isEphemeral: Bool
    var isDiscoverable: Bool
    var accessCode: String?
    var freeze: Bool
    var memberCount: Int
    var joinedMemberCount: Int
    var participantCount: Int
    var distinctKey: String?
    var createdBy: Int64?
    var createdAt: Int64
    var lastMessageAt: Int64?
    var lastMessageID: Int64?

    static let columnNames = [
        "id", "channel_type", "channel_url", "name", "cover_url", "custom_type", "data", "is_distinct", "is_public",
        "is_super", "is_ephemeral", "is_discoverable", "access_code", "freeze", "member_count", "joined_member_count",
        "participant_count", "distinct_key", "created_by", "created_at", "last_message_at", "last_message_id",
    ]

    /// What a query selects to read channels: `SELECT \(ChannelRecord.columns) FROM channels ...`.
    static let columns = columns(of: "channels")

    init(row: Row) {
        rowID = row[0]
        type = ChannelType(rawValue: row[1]) ?? .group
        url = row[2]
        name = row[3]
        coverURL = row[4]
        customType = row[5]
        data = row[6]
        isDistinct = row[7]
        isPublic = row[8]
        isSuper = row[9]
        isEphemeral = row[10]
        isDiscoverable = row[11]
        accessCode = row[12]
        freeze = row[13]
        memberCount = row[14]
        joinedMemberCount = row[15]
        participantCount = row[16]
        distinctKey = row[17]
        createdBy = row[18]
        createdAt = row[19]
        lastMessageAt = row[20]
        lastMessageID = row[21]
    }
}

extension ChannelRecord {
    /// Applies the fields both kinds of channel share, where given.
    mutating func update(name: String?, coverURL: String?, customType: String?, data: String?) {
        if let name { self.name = name }
        if let coverURL { self.coverURL = coverURL }
        if let customType { self.customType = customType }
        if let data { self.data = data }
    }
}

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

/// A user's membership in a group channel.
struct MemberRecord: Sendable, Equatable, ColumnOrderedRecord {
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

    static let columnNames = [
        "channel_id", "user_id", "state", "inviter_id", "invited_at", "joined_at", "hidden_state", "message_offset",
        "last_read_at", "delivered_at", "unread_message_count", "unread_mention_count", "count_preference",
    ]

    /// What a query selects to read memberships: `SELECT \(MemberRecord.columns) FROM members ...`.
    static let columns = columns(of: "members")

    init(row: Row) {
        channelID = row[0]
        userRowID = row[1]
        state = MemberState(rawValue: row[2]) ?? .joined
        inviterRowID = row[3]
        invitedAt = row[4]
        joinedAt = row[5]
        hiddenState = HiddenState(rawValue: row[6]) ?? .unhidden
        messageOffset = row[7]
        lastReadAt = row[8]
        deliveredAt = row[9]
        unreadMessageCount = row[10]
        unreadMentionCount = row[11]
        countPreference = CountPreference(rawValue: row[12]) ?? .all
    }
}
