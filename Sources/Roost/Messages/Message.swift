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
            try fields.write("role", role)
            try fields.write("is_active", user.isActive)
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
            try fields.write("message", parent.message)
            try fields.write("custom_type", parent.customType)
            try fields.write("type", parent.type.rawValue)
            try fields.write("ts", parent.createdAt)
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
        try fields.write("message_id", record.id)
        try fields.write("type", record.type.rawValue)
        try fields.write("message", record.message)
        try fields.write("custom_type", record.customType)
        try fields.write("data", record.data)
        try fields.write("created_at", record.createdAt)
        try fields.write("updated_at", record.updatedAt)
        try fields.write("channel_url", channelURL)
        try fields.write("channel_type", channelType.jsonValue)
        try fields.writeIfPresent("user", sender)
        try fields.write("mention_type", record.mentionType.rawValue)
        try fields.write("mentioned_users", mentionedUsers)
        try fields.write("is_removed", record.isRemoved)
        try fields.write("silent", record.isSilent)
        try fields.write("is_op_msg", record.isOperatorMessage)
        try fields.write("message_survival_seconds", -1)
        try fields.write("translations", record.translations)
        try fields.write("parent_message_id", record.parentMessageID ?? 0)
        try fields.write("is_reply_to_channel", false)
        try fields.write("req_id", "")
        try fields.write("require_auth", record.requireAuth)
        try fields.write("message_retention_hour", -1)
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
    }
}
