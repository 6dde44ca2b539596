/// The `members` of a group channel's event payload, when the webhook settings include
/// them (never for Supergroup channels, as on Sendbird), with unread counts when those are
/// included too. Runs inside the caller's transaction, after the change it reports.
struct EventMembers: Sendable {
    private let members = MemberRepository()
    private let users = UserRepository()

    /// A member as an event lists them; the unread counts only when they are included.
    struct Entry: Encodable, Sendable {
        let userID: String
        let nickname: String
        let profileURL: String
        let isActive: Bool
        let isOnline: Bool
        let isHidden: Int
        let state: String
        let unreadMessageCount: Int?
        let totalUnreadMessageCount: Int?
        let channelUnreadMessageCount: Int?
        let channelMentionCount: Int?
        let pushEnabled: Bool
        let pushTriggerOption: String
        let doNotDisturb: Bool
        let metadata: [String: String]

        enum CodingKeys: String, CodingKey {
            case userID = "user_id", nickname, profileURL = "profile_url", isActive = "is_active", isOnline = "is_online"
            case isHidden = "is_hidden", state, unreadMessageCount = "unread_message_count"
            case totalUnreadMessageCount = "total_unread_message_count", channelUnreadMessageCount = "channel_unread_message_count"
            case channelMentionCount = "channel_mention_count", pushEnabled = "push_enabled", pushTriggerOption = "push_trigger_option"
            case doNotDisturb = "do_not_disturb", metadata
        }

        /// `totalUnread`: the member's unread messages across all their channels, when unread
        /// counts are included.
        init(member: MemberRecord, channel: ChannelRecord, user: UserSummary, push: MemberPushSettings, totalUnread: Int?) {
            userID = user.userID
            nickname = user.nickname
            profileURL = user.profileURL
            isActive = user.isActive
            isOnline = user.isOnline
            isHidden = member.hiddenState == .unhidden ? 0 : 1
            state = member.state.rawValue
            let unread = totalUnread.map { _ in member.unreadMessageCount(in: channel) }
            unreadMessageCount = unread
            totalUnreadMessageCount = totalUnread
            channelUnreadMessageCount = unread
            channelMentionCount = totalUnread.map { _ in member.unreadMentionCount }
            pushEnabled = push.pushEnabled
            pushTriggerOption = push.triggerOption
            doNotDisturb = push.doNotDisturb
            metadata = user.metadata
        }
    }

    /// The entries the options call for, or nil when the payload carries no members.
    func entries(of channel: ChannelRecord, options: EventOptions.Values, in db: Database) throws -> [Entry]? {
        guard options.includeMembers, channel.type == .group, !channel.isSuper else { return nil }
        // The change being reported may have counted a message since `channel` was read.
        let channel = try ChannelRepository().find(rowID: channel.rowID, in: db) ?? channel
        let records = try members.members(ofChannels: [channel.rowID], in: db)[channel.rowID] ?? []
        let summaries = try users.summaries(ofRows: records.map(\.userRowID), in: db)
        let totals = options.includeUnreadCount ? try members.totalUnread(of: records.map(\.userRowID), in: db) : [:]
        let push = try members.pushSettings(of: records.map(\.userRowID), in: channel.rowID, in: db)
        return records.compactMap { record in
            summaries[record.userRowID].map {
                Entry(
                    member: record, channel: channel, user: $0, push: push[record.userRowID] ?? MemberPushSettings(),
                    totalUnread: options.includeUnreadCount ? totals[record.userRowID] ?? 0 : nil
                )
            }
        }
    }
}

/// A member's push settings in an event's member entry.
struct MemberPushSettings: Sendable {
    var pushEnabled = false
    var triggerOption = "default"
    var doNotDisturb = false
}
