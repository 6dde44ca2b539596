import GRDB

/// The two kinds of channel, named as they appear in paths: `/v3/{channel_type}/...`.
enum ChannelType: String, Sendable {
    case group = "group_channels"
    case open = "open_channels"

    /// The resource name errors use: `"Channel" not found.`
    var noun: String { "Channel" }
}

/// A row of the channels table.
struct ChannelRecord: Sendable, Equatable, FetchableRecord {
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

    init(row: Row) {
        rowID = row["id"]
        type = ChannelType(rawValue: row["channel_type"]) ?? .group
        url = row["channel_url"]
        name = row["name"]
        coverURL = row["cover_url"]
        customType = row["custom_type"]
        data = row["data"]
        isDistinct = row["is_distinct"]
        isPublic = row["is_public"]
        isSuper = row["is_super"]
        isEphemeral = row["is_ephemeral"]
        isDiscoverable = row["is_discoverable"]
        accessCode = row["access_code"]
        freeze = row["freeze"]
        memberCount = row["member_count"]
        joinedMemberCount = row["joined_member_count"]
        participantCount = row["participant_count"]
        distinctKey = row["distinct_key"]
        createdBy = row["created_by"]
        createdAt = row["created_at"]
        lastMessageAt = row["last_message_at"]
        lastMessageID = row["last_message_id"]
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

    init(row: Row) {
        channelID = row["channel_id"]
        userRowID = row["user_id"]
        state = MemberState(rawValue: row["state"]) ?? .joined
        inviterRowID = row["inviter_id"]
        invitedAt = row["invited_at"]
        joinedAt = row["joined_at"]
        hiddenState = HiddenState(rawValue: row["hidden_state"]) ?? .unhidden
        messageOffset = row["message_offset"]
        lastReadAt = row["last_read_at"]
        deliveredAt = row["delivered_at"]
        unreadMessageCount = row["unread_message_count"]
        unreadMentionCount = row["unread_mention_count"]
        countPreference = CountPreference(rawValue: row["count_preference"]) ?? .all
    }
}
