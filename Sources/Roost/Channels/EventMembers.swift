/// The `members` of a group channel's event payload, when the webhook settings include
/// them (never for Supergroup channels, as on Sendbird), with unread counts when those are
/// included too. Runs inside the caller's transaction, after the change it reports.
struct EventMembers: Sendable {
    private let members = MemberRepository()
    private let users = UserRepository()

    struct Entry: JSONObject, Sendable {
        let member: MemberRecord
        let channel: ChannelRecord
        let user: UserSummary
        let push: MemberPushSettings
        /// The member's unread messages across all their channels, with unread counts.
        let totalUnread: Int?

        func write(to fields: inout JSONFields) throws {
            try fields.write("user_id", user.userID)
            try fields.write("nickname", user.nickname)
            try fields.write("profile_url", user.profileURL)
            try fields.write("is_active", user.isActive)
            try fields.write("is_online", user.isOnline)
            try fields.write("is_hidden", member.hiddenState == .unhidden ? 0 : 1)
            try fields.write("state", member.state.rawValue)
            if let totalUnread {
                try fields.write("unread_message_count", member.unreadMessageCount(in: channel))
                try fields.write("total_unread_message_count", totalUnread)
                try fields.write("channel_unread_message_count", member.unreadMessageCount(in: channel))
                try fields.write("channel_mention_count", member.unreadMentionCount)
            }
            try fields.write("push_enabled", push.pushEnabled)
            try fields.write("push_trigger_option", push.triggerOption)
            try fields.write("do_not_disturb", push.doNotDisturb)
            try fields.write("metadata", user.metadata)
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
