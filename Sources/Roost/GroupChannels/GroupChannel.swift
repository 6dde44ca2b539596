import Hummingbird

/// A group channel as Sendbird returns it. `viewer` is set when one member looks at it
/// (`my_group_channels`), adding that member's own state.
struct GroupChannel: ResponseEncodable, JSONObject, Sendable {
    struct Viewer: Sendable {
        let member: MemberRecord
        let isOperator: Bool
        let isMuted: Bool
        let inviter: UserSummary?
        /// The member's push trigger option for the channel; `default` follows their own.
        let pushTriggerOption: String
    }

    var channel: ChannelRecord
    var createdBy: UserSummary?
    var operators: [UserSummary]
    var members: [ChannelMember]?
    var metadata: [String: String]?
    var viewer: Viewer?
    var isCreated: Bool?
    var lastMessage: Message?
    var pinnedMessageIDs: [Int64] = []
    var latestPinnedMessage: Message?
    /// Members typing right now. Sendbird's SDKs learn this over their socket; Roost, which
    /// has none, shows it on the channel.
    var typingUsers: [UserSummary] = []
    /// User id to the time they last read (or received) the channel's messages, when asked for.
    var readReceipt: [String: Int64]?
    var deliveryReceipt: [String: Int64]?
    /// Whether a bot is one of the members.
    var hasBot = false
    /// Viewing one channel: the `channel` object Sendbird's own integration tests read there
    /// (its URL, cover, creation, custom type, data, message length and member count, name).
    var showsChannelSummary = false

    struct DisappearingMessage: Encodable {
        let message_survival_seconds = -1
        let is_triggered_by_message_read = false
    }

    struct SMSFallback: Encodable {
        let wait_seconds = -1
        let exclude_user_ids: [String] = []
    }

    /// The parts of the object that are the same for every viewer, written before and kept
    /// between reads (`ChannelViewCache`), in place of the values they were written from: the
    /// values above then hold only what a viewer adds.
    var kept: KeptSections?

    struct KeptSections: Sendable {
        /// The channel as no one in particular sees it; its sections are the channel's own
        /// fields, its own last message, its pins and its settings (`GroupChannel.sections()`).
        let view: ChannelViewCache.View
        /// Whether the viewer is shown the channel's own last message; else none.
        let showsLastMessage: Bool
    }

    /// The viewer's own fields as written before and kept between reads (`ChannelListCache`),
    /// in place of `viewer`: the unread counts at `index`, the rest at `index + 1`.
    var keptViewer: KeptViewer?

    struct KeptViewer: Sendable {
        let written: WrittenJSONArray
        let index: Int
    }

    func write(to fields: inout JSONFields) throws {
        if let kept {
            fields.write(fieldsOf: kept.view.sections, at: 0)
            if kept.showsLastMessage {
                fields.write("last_message", itemOf: kept.view.sections, at: 1)
            } else {
                try fields.writeOrNull("last_message", nil as Message?)
            }
            fields.write(fieldsOf: kept.view.sections, at: 2)
            try writeUnreadCounts(to: &fields)
            fields.write(fieldsOf: kept.view.sections, at: 3)
        } else {
            try writeOwnFields(to: &fields)
            try fields.writeOrNull("last_message", lastMessage)
            try writePins(to: &fields)
            try writeUnreadCounts(to: &fields)
            try writeSettings(to: &fields)
        }
        try writeViewer(to: &fields)
        if showsChannelSummary { try fields.write("channel", ChannelSnapshot(channel)) }
    }

    /// The sections `kept` holds, written from this object's values, which must be the
    /// channel's as no one in particular sees it.
    func sections() throws -> WrittenJSONArray {
        try WrittenJSONArray(writingEach: [
            { try JSONFields.writeFields(into: $0, writeOwnFields) },
            { output in if let lastMessage { try output.encode(lastMessage) } else { output.raw("null") } },
            { try JSONFields.writeFields(into: $0, writePins) },
            { try JSONFields.writeFields(into: $0, writeSettings) },
        ])
    }

    private func writeOwnFields(to fields: inout JSONFields) throws {
        fields.write("channel_url", channel.url)
        fields.write("name", channel.name)
        fields.write("cover_url", channel.coverURL)
        fields.write("custom_type", channel.customType)
        fields.write("data", channel.data)
        fields.write("is_distinct", channel.isDistinct)
        fields.write("is_public", channel.isPublic)
        fields.write("is_super", channel.isSuper)
        fields.write("is_ephemeral", channel.isEphemeral)
        fields.write("is_discoverable", channel.isDiscoverable)
        fields.write("is_access_code_required", channel.accessCode != nil)
        fields.write("is_broadcast", false)
        fields.write("is_exclusive", false)
        fields.write("freeze", channel.freeze)
        fields.write("member_count", channel.memberCount)
        fields.write("joined_member_count", channel.joinedMemberCount)
        fields.write("max_length_message", ChannelRules.maxLengthMessage)
        fields.write("has_bot", hasBot)
        fields.write("has_ai_bot", false)
        // Sendbird gives a channel's created_at in Unix seconds (users and messages use milliseconds).
        fields.write("created_at", channel.createdAt / 1000)
        try fields.writeOrNull("created_by", createdBy.map(EmbeddedUser.init))
        try fields.write("operators", operators.map(EmbeddedUser.init))
    }

    private func writePins(to fields: inout JSONFields) throws {
        try fields.write("pinned_message_ids", pinnedMessageIDs)
        try fields.writeOrNull("latest_pinned_message", latestPinnedMessage)
    }

    /// How many sections `viewerSections` writes.
    static let viewerSectionCount = 2

    /// The sections `keptViewer` holds, written from `viewer`.
    var viewerSections: [(JSONOutput) throws -> Void] {
        [{ try JSONFields.writeFields(into: $0, writeUnreadCounts) }, { try JSONFields.writeFields(into: $0, writeViewer) }]
    }

    private func writeUnreadCounts(to fields: inout JSONFields) throws {
        if let keptViewer { return fields.write(fieldsOf: keptViewer.written, at: keptViewer.index) }
        fields.write("unread_message_count", viewer?.member.unreadMessageCount(in: channel) ?? 0)
        fields.write("unread_mention_count", viewer?.member.unreadMentionCount ?? 0)
    }

    private func writeSettings(to fields: inout JSONFields) throws {
        fields.write("message_survival_seconds", -1)
        try fields.write("disappearing_message", DisappearingMessage())
        try fields.write("sms_fallback", SMSFallback())
        try fields.write("typing_users", typingUsers.map(EmbeddedUser.init))
        fields.write("ignore_profanity_filter", false)
        try fields.writeIfPresent("members", members)
        try fields.writeIfPresent("metadata", metadata)
        try fields.writeIfPresent("is_created", isCreated)
        try fields.writeIfPresent("read_receipt", readReceipt)
        try fields.writeIfPresent("delivery_receipt", deliveryReceipt)
    }

    private func writeViewer(to fields: inout JSONFields) throws {
        if let keptViewer { return fields.write(fieldsOf: keptViewer.written, at: keptViewer.index + 1) }
        // Sendbird's own integration tests read `invited_at` on every channel of a list.
        guard let viewer else { return fields.write("invited_at", 0) }
        fields.write("member_state", viewer.member.state.rawValue)
        fields.write("my_member_state", viewer.member.state.rawValue)
        fields.write("my_role", viewer.isOperator ? "operator" : "")
        fields.write("is_hidden", viewer.member.hiddenState != .unhidden)
        fields.write("hidden_state", viewer.member.hiddenState.rawValue)
        fields.write("invited_at", viewer.member.invitedAt)
        try fields.writeOrNull("inviter", viewer.inviter.map(EmbeddedUser.init))
        fields.write("joined_at", viewer.member.joinedAt)
        // In Unix seconds, as Sendbird's own integration tests read it.
        fields.write("joined_ts", viewer.member.joinedAt / 1000)
        fields.write("message_offset_timestamp", viewer.member.messageOffset)
        fields.write("is_push_enabled", viewer.pushTriggerOption != "off")
        fields.write("my_push_trigger_option", viewer.pushTriggerOption)
        fields.write("my_count_preference", viewer.member.countPreference.wireValue)
        fields.write("my_last_read", viewer.member.lastReadAt)
        fields.write("my_muted_state", viewer.isMuted ? "muted" : "unmuted")
    }
}
