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
struct MessageUser: Encodable, Sendable {
    let user: UserSummary
    let role: String?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", nickname, profileURL = "profile_url", metadata, role, isActive = "is_active"
        case requireAuthForProfileImage = "require_auth_for_profile_image"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(user.userID, forKey: .userID)
        try container.encode(user.nickname, forKey: .nickname)
        try container.encode(user.profileURL, forKey: .profileURL)
        try container.encode(user.metadata, forKey: .metadata)
        try container.encode(false, forKey: .requireAuthForProfileImage)
        try container.encodeIfPresent(role, forKey: .role)
        try container.encodeIfPresent(role.map { _ in user.isActive }, forKey: .isActive)
    }
}

/// A message as Sendbird returns it.
struct Message: ResponseEncodable, Sendable {
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

    struct ParentInfo: Encodable, Sendable {
        let parent: MessageRecord
        let sender: UserSummary?

        enum CodingKeys: String, CodingKey { case message, customType = "custom_type", type, ts, user, file }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(parent.message, forKey: .message)
            try container.encode(parent.customType, forKey: .customType)
            try container.encode(parent.type.rawValue, forKey: .type)
            try container.encode(parent.createdAt, forKey: .ts)
            try container.encodeIfPresent(sender.map { MessageUser(user: $0, role: nil) }, forKey: .user)
            try container.encodeIfPresent(parent.file, forKey: .file)
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

    enum CodingKeys: String, CodingKey {
        case messageID = "message_id", type, message, customType = "custom_type", data, createdAt = "created_at"
        case updatedAt = "updated_at", channelURL = "channel_url", channelType = "channel_type", user
        case mentionType = "mention_type", mentionedUsers = "mentioned_users", isRemoved = "is_removed", silent
        case isOperatorMessage = "is_op_msg", messageSurvivalSeconds = "message_survival_seconds", translations
        case parentMessageID = "parent_message_id", isReplyToChannel = "is_reply_to_channel", reqID = "req_id"
        case requireAuth = "require_auth", messageRetentionHour = "message_retention_hour", file, thumbnails
        case sortedMetaarray = "sorted_metaarray", reactions, threadInfo = "thread_info"
        case parentMessageInfo = "parent_message_info"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(record.id, forKey: .messageID)
        try container.encode(record.type.rawValue, forKey: .type)
        try container.encode(record.message, forKey: .message)
        try container.encode(record.customType, forKey: .customType)
        try container.encode(record.data, forKey: .data)
        try container.encode(record.createdAt, forKey: .createdAt)
        try container.encode(record.updatedAt, forKey: .updatedAt)
        try container.encode(channelURL, forKey: .channelURL)
        try container.encode(channelType == .group ? "group" : "open", forKey: .channelType)
        try container.encodeIfPresent(sender, forKey: .user)
        try container.encode(record.mentionType.rawValue, forKey: .mentionType)
        try container.encode(mentionedUsers, forKey: .mentionedUsers)
        try container.encode(record.isRemoved, forKey: .isRemoved)
        try container.encode(record.isSilent, forKey: .silent)
        try container.encode(record.isOperatorMessage, forKey: .isOperatorMessage)
        try container.encode(-1, forKey: .messageSurvivalSeconds)
        try container.encode(record.translations, forKey: .translations)
        try container.encode(record.parentMessageID ?? 0, forKey: .parentMessageID)
        try container.encode(false, forKey: .isReplyToChannel)
        try container.encode("", forKey: .reqID)
        try container.encode(false, forKey: .requireAuth)
        try container.encode(-1, forKey: .messageRetentionHour)
        if let file = record.file {
            try container.encode(file, forKey: .file)
            try container.encode(record.thumbnails, forKey: .thumbnails)
        }
        if showSortedMetaarray { try container.encode(record.sortedMetaarray, forKey: .sortedMetaarray) }
        try container.encodeIfPresent(reactions, forKey: .reactions)
        try container.encodeIfPresent(threadInfo, forKey: .threadInfo)
        try container.encodeIfPresent(parentInfo, forKey: .parentMessageInfo)
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
