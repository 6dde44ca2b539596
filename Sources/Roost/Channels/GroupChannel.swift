import Hummingbird

/// A member as listed in a channel's `members` or by `GET /members`.
struct ChannelMember: Encodable, Sendable {
    let user: UserSummary
    let state: MemberState
    let isOperator: Bool
    let isMuted: Bool
    /// With a viewing user: whether that user blocks this member, and whether this member blocks them.
    var blocking: (byMe: Bool, me: Bool)?

    enum CodingKeys: String, CodingKey {
        case state, role
        case isMuted = "is_muted", isBlockedByMe = "is_blocked_by_me", isBlockingMe = "is_blocking_me"
    }

    func encode(to encoder: any Encoder) throws {
        try EmbeddedUser(user: user).encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state.rawValue, forKey: .state)
        try container.encode(isOperator ? "operator" : "", forKey: .role)
        try container.encode(isMuted, forKey: .isMuted)
        try container.encodeIfPresent(blocking?.byMe, forKey: .isBlockedByMe)
        try container.encodeIfPresent(blocking?.me, forKey: .isBlockingMe)
    }
}

/// A group channel as Sendbird returns it. `viewer` is set when one member looks at it
/// (`my_group_channels`), adding that member's own state.
struct GroupChannel: ResponseEncodable, Sendable {
    struct Viewer: Sendable {
        let member: MemberRecord
        let isOperator: Bool
        let isMuted: Bool
        let inviter: UserSummary?
    }

    var channel: ChannelRecord
    var createdBy: UserSummary?
    var operators: [UserSummary]
    var members: [ChannelMember]?
    var metadata: [String: String]?
    var viewer: Viewer?
    var isCreated: Bool?
    var lastMessage: Message?
    /// Members typing right now. Sendbird's SDKs learn this over their socket; Roost, which
    /// has none, shows it on the channel.
    var typingUsers: [UserSummary] = []
    /// User id to the time they last read (or received) the channel's messages, when asked for.
    var readReceipt: [String: Int64]?
    var deliveryReceipt: [String: Int64]?

    /// Sendbird's default cap on the length of a message text.
    static let maxLengthMessage = 5000

    enum CodingKeys: String, CodingKey {
        case channelURL = "channel_url", name, coverURL = "cover_url", customType = "custom_type", data
        case isDistinct = "is_distinct", isPublic = "is_public", isSuper = "is_super", isEphemeral = "is_ephemeral"
        case isDiscoverable = "is_discoverable", isAccessCodeRequired = "is_access_code_required"
        case isBroadcast = "is_broadcast", isExclusive = "is_exclusive", freeze
        case memberCount = "member_count", joinedMemberCount = "joined_member_count"
        case maxLengthMessage = "max_length_message", createdAt = "created_at", createdBy = "created_by"
        case operators, members, metadata, lastMessage = "last_message"
        case unreadMessageCount = "unread_message_count", unreadMentionCount = "unread_mention_count"
        case messageSurvivalSeconds = "message_survival_seconds", disappearingMessage = "disappearing_message"
        case ignoreProfanityFilter = "ignore_profanity_filter", isCreated = "is_created", smsFallback = "sms_fallback"
        case memberState = "member_state", myMemberState = "my_member_state", myRole = "my_role", isHidden = "is_hidden", hiddenState = "hidden_state"
        case invitedAt = "invited_at", inviter, joinedAt = "joined_at", messageOffsetTimestamp = "message_offset_timestamp"
        case isPushEnabled = "is_push_enabled", myPushTriggerOption = "my_push_trigger_option"
        case myCountPreference = "my_count_preference", myMutedState = "my_muted_state", myLastRead = "my_last_read"
        case readReceipt = "read_receipt", deliveryReceipt = "delivery_receipt", typingUsers = "typing_users"
    }

    struct DisappearingMessage: Encodable {
        let message_survival_seconds = -1
        let is_triggered_by_message_read = false
    }

    struct SMSFallback: Encodable {
        let wait_seconds = -1
        let exclude_user_ids: [String] = []
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(channel.url, forKey: .channelURL)
        try container.encode(channel.name, forKey: .name)
        try container.encode(channel.coverURL, forKey: .coverURL)
        try container.encode(channel.customType, forKey: .customType)
        try container.encode(channel.data, forKey: .data)
        try container.encode(channel.isDistinct, forKey: .isDistinct)
        try container.encode(channel.isPublic, forKey: .isPublic)
        try container.encode(channel.isSuper, forKey: .isSuper)
        try container.encode(channel.isEphemeral, forKey: .isEphemeral)
        try container.encode(channel.isDiscoverable, forKey: .isDiscoverable)
        try container.encode(channel.accessCode != nil, forKey: .isAccessCodeRequired)
        try container.encode(false, forKey: .isBroadcast)
        try container.encode(false, forKey: .isExclusive)
        try container.encode(channel.freeze, forKey: .freeze)
        try container.encode(channel.memberCount, forKey: .memberCount)
        try container.encode(channel.joinedMemberCount, forKey: .joinedMemberCount)
        try container.encode(Self.maxLengthMessage, forKey: .maxLengthMessage)
        // Sendbird gives a channel's created_at in Unix seconds (users and messages use milliseconds).
        try container.encode(channel.createdAt / 1000, forKey: .createdAt)
        try container.encode(createdBy.map(EmbeddedUser.init), forKey: .createdBy)
        try container.encode(operators.map(EmbeddedUser.init), forKey: .operators)
        try container.encode(lastMessage, forKey: .lastMessage)
        try container.encode(viewer?.member.unreadMessageCount ?? 0, forKey: .unreadMessageCount)
        try container.encode(viewer?.member.unreadMentionCount ?? 0, forKey: .unreadMentionCount)
        try container.encode(-1, forKey: .messageSurvivalSeconds)
        try container.encode(DisappearingMessage(), forKey: .disappearingMessage)
        try container.encode(SMSFallback(), forKey: .smsFallback)
        try container.encode(typingUsers.map(EmbeddedUser.init), forKey: .typingUsers)
        try container.encode(false, forKey: .ignoreProfanityFilter)
        try container.encodeIfPresent(members, forKey: .members)
        try container.encodeIfPresent(metadata, forKey: .metadata)
        try container.encodeIfPresent(isCreated, forKey: .isCreated)
        try container.encodeIfPresent(readReceipt, forKey: .readReceipt)
        try container.encodeIfPresent(deliveryReceipt, forKey: .deliveryReceipt)
        if let viewer {
            try container.encode(viewer.member.state.rawValue, forKey: .memberState)
            try container.encode(viewer.member.state.rawValue, forKey: .myMemberState)
            try container.encode(viewer.isOperator ? "operator" : "", forKey: .myRole)
            try container.encode(viewer.member.hiddenState != .unhidden, forKey: .isHidden)
            try container.encode(viewer.member.hiddenState.rawValue, forKey: .hiddenState)
            try container.encode(viewer.member.invitedAt, forKey: .invitedAt)
            try container.encode(viewer.inviter.map(EmbeddedUser.init), forKey: .inviter)
            try container.encode(viewer.member.joinedAt, forKey: .joinedAt)
            try container.encode(viewer.member.messageOffset, forKey: .messageOffsetTimestamp)
            try container.encode(false, forKey: .isPushEnabled)
            try container.encode("default", forKey: .myPushTriggerOption)
            try container.encode(viewer.member.countPreference.rawValue, forKey: .myCountPreference)
            try container.encode(viewer.member.lastReadAt, forKey: .myLastRead)
            try container.encode(viewer.isMuted ? "muted" : "unmuted", forKey: .myMutedState)
        }
    }
}
