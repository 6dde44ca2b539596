import GRDB
import Hummingbird

/// What to put into message objects beyond their own columns.
struct MessageViewOptions: Sendable {
    var includeReactions = false
    var includeThreadInfo = false
    var includeParentMessageInfo = false
    var withSortedMetaarray = false
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

    func write(to fields: inout JSONFields) throws {
        try fields.write("message_id", record.id)
        try fields.write("type", record.type.rawValue)
        try fields.write("message", record.message)
        try fields.write("custom_type", record.customType)
        try fields.write("data", record.data)
        try fields.write("created_at", record.createdAt)
        try fields.write("updated_at", record.updatedAt)
        try fields.write("channel_url", channelURL)
        try fields.write("channel_type", channelType == .group ? "group" : "open")
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
        try fields.write("require_auth", false)
        try fields.write("message_retention_hour", -1)
        if let file = record.file {
            try fields.write("file", file)
            try fields.write("thumbnails", record.thumbnails)
        }
        if showSortedMetaarray { try fields.write("sorted_metaarray", record.sortedMetaarray) }
        try fields.writeIfPresent("reactions", reactions)
        try fields.writeIfPresent("thread_info", threadInfo)
        try fields.writeIfPresent("parent_message_info", parentInfo)
    }
}

/// Builds message objects for a page of messages with a fixed number of queries.
struct MessageAssembler: Sendable {
    /// How many repliers `thread_info.most_replies` names.
    static let mostRepliesLimit = 5

    private let users = UserRepository()
    private let messages = MessageRepository()
    private let reactions = ReactionRepository()
    private let operators = OperatorRepository()

    func messages(
        _ records: [MessageRecord], in channel: ChannelRecord, options: MessageViewOptions, in db: Database
    ) throws -> [Message] {
        try messages(records, channels: [channel.rowID: channel], options: options, in: db)
    }

    /// Messages of several channels at once, such as the last messages of a channel list.
    func messages(
        _ records: [MessageRecord], channels: [Int64: ChannelRecord], options: MessageViewOptions, in db: Database
    ) throws -> [Message] {
        let ids = records.map(\.id)
        let mentions = try messages.mentionedUsers(ofMessages: ids, in: db)
        let reactionRows = options.includeReactions ? try reactions.reactions(ofMessages: ids, in: db) : [:]
        let threadParents = options.includeThreadInfo ? records.filter { $0.replyCount > 0 }.map(\.id) : []
        let repliers = try messages.topRepliers(ofParents: threadParents, limit: Self.mostRepliesLimit, in: db)
        let parents = options.includeParentMessageInfo
            ? try messages.find(ids: Array(Set(records.compactMap(\.parentMessageID))), in: db) : [:]
        let operatorIDs = try operators.operators(ofChannels: Array(channels.keys), in: db).mapValues(Set.init)

        var userRowIDs = Set(records.compactMap(\.senderRowID))
        mentions.values.forEach { userRowIDs.formUnion($0) }
        reactionRows.values.forEach { $0.forEach { userRowIDs.formUnion($0.userRowIDs) } }
        repliers.values.forEach { userRowIDs.formUnion($0) }
        userRowIDs.formUnion(parents.values.compactMap(\.senderRowID))
        let summaries = try users.summaries(ofRows: userRowIDs, in: db)

        return records.compactMap { record in
            guard let channel = channels[record.channelID] else { return nil }
            let channelOperators = operatorIDs[channel.rowID] ?? []
            return Message(
                record: record,
                channelURL: channel.url,
                channelType: channel.type,
                sender: record.senderRowID.flatMap { summaries[$0] }.map {
                    MessageUser(user: $0, role: channelOperators.contains($0.rowID) ? "operator" : "")
                },
                mentionedUsers: (mentions[record.id] ?? []).compactMap { summaries[$0] }.map { MessageUser(user: $0, role: nil) },
                reactions: options.includeReactions
                    ? (reactionRows[record.id] ?? []).map { reaction in
                        ReactionSummary(
                            key: reaction.key, userIDs: reaction.userRowIDs.compactMap { summaries[$0]?.userID },
                            updatedAt: reaction.updatedAt
                        )
                    }
                    : nil,
                threadInfo: options.includeThreadInfo && record.replyCount > 0
                    ? Message.ThreadInfo(
                        replyCount: record.replyCount, lastRepliedAt: record.lastRepliedAt,
                        mostReplies: (repliers[record.id] ?? []).compactMap { summaries[$0] }.map { MessageUser(user: $0, role: nil) },
                        updatedAt: record.lastRepliedAt
                    )
                    : nil,
                parentInfo: record.parentMessageID.flatMap { parents[$0] }.map {
                    Message.ParentInfo(parent: $0, sender: $0.senderRowID.flatMap { summaries[$0] })
                },
                showSortedMetaarray: options.withSortedMetaarray
            )
        }
    }

    func message(_ record: MessageRecord, in channel: ChannelRecord, options: MessageViewOptions, in db: Database) throws -> Message {
        try messages([record], in: channel, options: options, in: db)[0]
    }
}
