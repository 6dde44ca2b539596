/// The events of messages in either kind of channel (sent, edited, deleted, read, reacted
/// to) and of users entering open channels or sending too fast, each recorded inside the
/// transaction of its change.
struct MessageEvents: Sendable {
    let log: EventLog
    private let users = UserRepository()
    private let blocks = BlockRepository()

    func message(
        _ action: MessageEventAction, _ message: Message, in channel: ChannelRecord, at time: Int64, audience: EventAudience = EventAudience(),
        in db: Database
    ) throws {
        try log.append([messageEvent(action, message, in: channel, at: time, audience: audience, in: db)], in: db)
    }

    /// The event `message` appends, to append with others.
    func messageEvent(
        _ action: MessageEventAction, _ message: Message, in channel: ChannelRecord, at time: Int64, audience: EventAudience = EventAudience(),
        in db: Database
    ) throws -> NewEvent {
        try event(.message(action, in: channel.type), message, action: action, in: channel, at: time, audience: audience, in: db)
    }

    /// The profanity filter replaced words of a message that was sent: the message as stored,
    /// and under `replaced_text` the text as it was sent (Sendbird's name for it).
    func profanityReplaced(_ message: Message, original: String, in channel: ChannelRecord, at time: Int64, in db: Database) throws {
        try log.append([event(.profanityFilterReplace, message, action: .send, replacedText: original, in: channel, at: time, in: db)], in: db)
    }

    /// The profanity or domain filter refused a message; it was not stored.
    func profanityBlocked(_ text: String, by userRowID: Int64, in channel: ChannelRecord, at time: Int64, in db: Database) throws {
        let payload = Blocked(blockedAt: time, sender: try user(userRowID, in: db), message: text)
        try log.recordChannelEvent(.profanityFilterBlock, payload, channel, at: time, withMembers: false, in: db)
    }

    private func event(
        _ category: EventCategory, _ message: Message, action: MessageEventAction, replacedText: String? = nil,
        in channel: ChannelRecord, at time: Int64, audience: EventAudience = EventAudience(), in db: Database
    ) throws -> NewEvent {
        let record = message.record
        let payload = Sent(
            sender: message.sender.map { EventUser(user: $0.user) }, silent: record.isSilent, customType: record.customType,
            mentionType: record.mentionType.rawValue, mentionedUsers: message.mentionedUsers.map { EventUser(user: $0.user) },
            type: record.type.rawValue, payload: Body(record: record), updatedAt: action == .update ? time : nil,
            deletedAt: action == .delete ? time : nil, replacedText: replacedText
        )
        var audience = audience
        if action != .send { audience.excluding += try blocks.withheld(message.record.id, in: db) }
        return try log.channelEvent(category, payload, channel, at: time, audience: audience, in: db)
    }

    /// A reply changed its parent's thread: how many replies it has, and when the last came.
    /// Members the reply is withheld from (`unseenBy`) are not told.
    func threadUpdated(
        _ parentID: Int64, replyCount: Int64, lastRepliedAt: Int64, in channel: ChannelRecord, at time: Int64,
        unseenBy: [String] = [], in db: Database
    ) throws {
        let payload = ThreadUpdated(parentMessageID: parentID, replyCount: replyCount, lastRepliedAt: lastRepliedAt, updatedAt: time)
        try log.recordStreamEvent(.threadInfoUpdate, payload, channel, at: time, audience: .excluding(unseenBy), in: db)
    }

    /// A member read the channel's messages up to `time`. Recorded only when that read some
    /// unread messages (`unread` is the count before and after the read): Sendbird reports a read
    /// that leaves the member's unread count as it was to no one.
    func read(
        _ channel: ChannelRecord, by userRowID: Int64, upTo time: Int64, unread: (before: Int, after: Int), in db: Database
    ) throws {
        guard unread.after != unread.before, let user = try users.summary(ofRow: userRowID, in: db) else { return }
        let total = try MemberRepository().totalUnread(of: [userRowID], in: db)[userRowID] ?? 0
        let payload = Read(readUpdates: [
            ReadUpdate(userID: user.userID, readTS: time, channelUnreadMessageCount: unread.after, totalUnreadMessageCount: total),
        ])
        try log.recordChannelEvent(.groupChannelMessageRead, payload, channel, at: time, concerning: [user.userID], in: db)
    }

    func reaction(_ key: String, added: Bool, by userRowID: Int64, to message: MessageRecord, in channel: ChannelRecord, at time: Int64, in db: Database) throws {
        let payload = Reacted(
            user: try user(userRowID, in: db), operation: added ? "ADD" : "DELETE", reaction: key, messageID: message.id, updatedAt: time
        )
        let audience = EventAudience.excluding(try blocks.withheld(message.id, in: db))
        try log.recordChannelEvent(added ? .groupChannelReactionAdd : .groupChannelReactionDelete, payload, channel, at: time, audience: audience, in: db)
    }

    func entered(_ channel: ChannelRecord, by userRowID: Int64, at time: Int64, in db: Database) throws {
        let payload = ParticipantEntered(user: try user(userRowID, in: db), enteredAt: time)
        try log.recordChannelEvent(.openChannelEnter, payload, channel, at: time, withMembers: false, in: db)
    }

    /// A user sent faster than `--max-messages-per-second` allows (the message was refused).
    func rateLimitExceeded(by userRowID: Int64, in channel: ChannelRecord, at time: Int64, in db: Database) throws {
        let payload = TooFast(user: try user(userRowID, in: db), channel: EventChannel(channel: channel), createdAt: time)
        try log.record(.userMessageRateLimitExceeded, payload, at: time, channelURL: channel.url, in: db)
    }

    /// A message's `payload`: its text and data as Sendbird's webhooks nest them, with the
    /// file of a file message.
    struct Body: Encodable {
        let messageID: Int64
        let customType: String
        let message: String
        let translations: [String: String]
        let data: String
        let createdAt: Int64
        let url: String?
        let name: String?
        let contentType: String?
        let size: Int64?

        enum CodingKeys: String, CodingKey {
            case messageID = "message_id", customType = "custom_type", message, translations, data, createdAt = "created_at"
            case url, name, contentType = "content_type", size
        }

        init(record: MessageRecord) {
            messageID = record.id
            customType = record.customType
            message = record.message
            translations = record.translations
            data = record.data
            createdAt = record.createdAt
            url = record.file?.url
            name = record.file?.name
            contentType = record.file?.type
            size = record.file?.size
        }
    }

    /// A message sent, edited or deleted; with `replaced_text` when the profanity filter
    /// changed it.
    private struct Sent: Encodable {
        let sender: EventUser?
        let silent: Bool
        let customType: String
        let mentionType: String
        let mentionedUsers: [EventUser]
        let type: String
        let payload: Body
        let updatedAt: Int64?
        let deletedAt: Int64?
        let replacedText: String?

        enum CodingKeys: String, CodingKey {
            case sender, silent, customType = "custom_type", mentionType = "mention_type", mentionedUsers = "mentioned_users", type
            case payload, updatedAt = "updated_at", deletedAt = "deleted_at", replacedText = "replaced_text"
        }
    }

    private struct Blocked: Encodable {
        let blockedAt: Int64
        let sender: EventUser?
        let message: String

        enum CodingKeys: String, CodingKey { case blockedAt = "blocked_at", sender, message }
    }

    private struct ThreadUpdated: Encodable {
        let parentMessageID: Int64
        let replyCount: Int64
        let lastRepliedAt: Int64
        let updatedAt: Int64

        enum CodingKeys: String, CodingKey {
            case parentMessageID = "parent_message_id", replyCount = "reply_count", lastRepliedAt = "last_replied_at", updatedAt = "updated_at"
        }
    }

    private struct Read: Encodable {
        let readUpdates: [ReadUpdate]

        enum CodingKeys: String, CodingKey { case readUpdates = "read_updates" }
    }

    private struct ReadUpdate: Encodable {
        let userID: String
        let readTS: Int64
        let channelUnreadMessageCount: Int
        let totalUnreadMessageCount: Int

        enum CodingKeys: String, CodingKey {
            case userID = "user_id", readTS = "read_ts", channelUnreadMessageCount = "channel_unread_message_count"
            case totalUnreadMessageCount = "total_unread_message_count"
        }
    }

    private struct Reacted: Encodable {
        let user: EventUser?
        let operation: String
        let reaction: String
        let messageID: Int64
        let updatedAt: Int64

        enum CodingKeys: String, CodingKey { case user, operation, reaction, messageID = "message_id", updatedAt = "updated_at" }
    }

    private struct TooFast: Encodable {
        let user: EventUser?
        let channel: EventChannel
        let createdAt: Int64

        enum CodingKeys: String, CodingKey { case user, channel, createdAt = "created_at" }
    }

    private func user(_ rowID: Int64, in db: Database) throws -> EventUser? {
        try users.summary(ofRow: rowID, in: db).map(EventUser.init)
    }
}

/// A message as Sendbird's webhooks show one nested in another event (a report's
/// `reported_message`): its sender, type, mentions, `payload` and `channel`.
struct EventMessage: Encodable {
    let sender: EventUser?
    let type: String
    let customType: String
    let mentionType: String
    let mentionedUsers: [EventUser]
    let payload: MessageEvents.Body
    let channel: EventChannel

    enum CodingKeys: String, CodingKey {
        case sender, type, customType = "custom_type", mentionType = "mention_type", mentionedUsers = "mentioned_users", payload, channel
    }

    init(message: Message, channel: ChannelRecord) {
        sender = message.sender.map { EventUser(user: $0.user) }
        type = message.record.type.rawValue
        customType = message.record.customType
        mentionType = message.record.mentionType.rawValue
        mentionedUsers = message.mentionedUsers.map { EventUser(user: $0.user) }
        payload = MessageEvents.Body(record: message.record)
        self.channel = EventChannel(channel: channel)
    }
}
