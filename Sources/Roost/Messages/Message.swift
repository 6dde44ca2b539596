import Hummingbird

/// What to put into message objects beyond their own columns.
struct MessageViewOptions: Sendable {
    var includeReactions = false
    var includeThreadInfo = false
    var includeParentMessageInfo = false
    var withSortedMetaarray = false
    /// A poll in full rather than its summary.
    var includePollDetails = false
}

/// A reaction key with the users who reacted with it.
struct ReactionSummary: Encodable, Sendable {
    let key: String
    let userIDs: [String]
    let updatedAt: Int64

    enum CodingKeys: String, CodingKey { case key, userIDs = "user_ids", updatedAt = "updated_at" }
}

/// A user as messages embed them: `user` of a message and `mentioned_users`.
struct MessageUser: JSONObject, Sendable {
    let user: UserSummary
    let role: String?

    func write(to fields: inout JSONFields) throws {
        try user.writeProfile(to: &fields)
        if let role {
            fields.write("role", role)
            fields.write("is_active", user.isActive)
        }
    }
}

/// A message as Sendbird returns it.
struct Message: ResponseEncodable, JSONObject, Sendable {
    struct ThreadInfo: Encodable, Sendable {
        let replyCount: Int
        let lastRepliedAt: Int64
        let mostReplies: [MessageUser]
        let updatedAt: Int64

        enum CodingKeys: String, CodingKey {
            case replyCount = "reply_count", lastRepliedAt = "last_replied_at", mostReplies = "most_replies"
            case updatedAt = "updated_at"
        }
    }

    struct ParentInfo: JSONObject, Sendable {
        let parent: MessageRecord
        let sender: UserSummary?

        func write(to fields: inout JSONFields) throws {
            fields.write("message", parent.message)
            fields.write("custom_type", parent.customType)
            fields.write("type", parent.type.rawValue)
            fields.write("ts", parent.createdAt)
            try fields.writeIfPresent("user", sender.map { MessageUser(user: $0, role: nil) })
            try fields.writeIfPresent("file", parent.file)
        }
    }

    var record: MessageRecord
    var channelURL: String
    var channelType: ChannelType
    var sender: MessageUser?
    var mentionedUsers: [MessageUser]
    var reactions: [ReactionSummary]?
    var threadInfo: ThreadInfo?
    var parentInfo: ParentInfo?
    var showSortedMetaarray: Bool
    var poll: Poll?

    func write(to fields: inout JSONFields) throws {
        fields.write("message_id", record.id)
        fields.write("type", record.type.rawValue)
        fields.write("message", record.message)
        fields.write("custom_type", record.customType)
        fields.write("data", record.data)
        fields.write("created_at", record.createdAt)
        fields.write("updated_at", record.updatedAt)
        fields.write("channel_url", channelURL)
        fields.write("channel_type", channelType.jsonValue)
        try fields.writeIfPresent("user", sender)
        fields.write("mention_type", record.mentionType.rawValue)
        try fields.write("mentioned_users", mentionedUsers)
        fields.write("is_removed", record.isRemoved)
        fields.write("silent", record.isSilent)
        fields.write("is_op_msg", record.isOperatorMessage)
        fields.write("message_survival_seconds", -1)
        try fields.write("translations", record.translations)
        fields.write("parent_message_id", record.parentMessageID ?? 0)
        fields.write("is_reply_to_channel", false)
        fields.write("req_id", "")
        fields.write("require_auth", record.requireAuth)
        fields.write("message_retention_hour", -1)
        if let file = record.file {
            try fields.write("file", file)
            try fields.write("thumbnails", record.thumbnails)
        } else {
            // Sendbird's message page: `file` "is empty for any text messages".
            try fields.write("file", EmptyObject())
        }
        if showSortedMetaarray { try fields.write("sorted_metaarray", record.sortedMetaarray) }
        try fields.writeIfPresent("reactions", reactions)
        try fields.writeIfPresent("thread_info", threadInfo)
        try fields.writeIfPresent("parent_message_info", parentInfo)
        try fields.writeIfPresent("poll", poll)
        try fields.writeIfPresent("extended_message_payload", record.extendedMessagePayload)
    }
}
