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
        var payload = EventFields()
        payload.add("blocked_at", time)
        payload.add("sender", try user(userRowID, in: db))
        payload.add("message", text)
        try log.recordChannelEvent(.profanityFilterBlock, payload, channel, at: time, withMembers: false, in: db)
    }

    private func event(
        _ category: EventCategory, _ message: Message, action: MessageEventAction, replacedText: String? = nil,
        in channel: ChannelRecord, at time: Int64, audience: EventAudience = EventAudience(), in db: Database
    ) throws -> NewEvent {
        var payload = EventFields()
        payload.add("sender", message.sender.map { EventUser(user: $0.user) })
        payload.add("silent", message.record.isSilent)
        payload.add("custom_type", message.record.customType)
        payload.add("mention_type", message.record.mentionType.rawValue)
        payload.add("mentioned_users", message.mentionedUsers.map { EventUser(user: $0.user) })
        payload.add("type", message.record.type.rawValue)
        payload.add("payload", Body(record: message.record))
        switch action {
        case .send: break
        case .update: payload.add("updated_at", time)
        case .delete: payload.add("deleted_at", time)
        }
        if let replacedText { payload.add("replaced_text", replacedText) }
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
        var payload = EventFields()
        payload.add("parent_message_id", parentID)
        payload.add("reply_count", replyCount)
        payload.add("last_replied_at", lastRepliedAt)
        payload.add("updated_at", time)
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
        var payload = EventFields()
        payload.add("read_updates", [ReadUpdate(userID: user.userID, readAt: time, unread: unread.after, totalUnread: total)])
        try log.recordChannelEvent(.groupChannelMessageRead, payload, channel, at: time, concerning: [user.userID], in: db)
    }

    func reaction(_ key: String, added: Bool, by userRowID: Int64, to message: MessageRecord, in channel: ChannelRecord, at time: Int64, in db: Database) throws {
        var payload = EventFields()
        payload.add("user", try user(userRowID, in: db))
        payload.add("operation", added ? "ADD" : "DELETE")
        payload.add("reaction", key)
        payload.add("message_id", message.id)
        payload.add("updated_at", time)
        let audience = EventAudience.excluding(try blocks.withheld(message.id, in: db))
        try log.recordChannelEvent(added ? .groupChannelReactionAdd : .groupChannelReactionDelete, payload, channel, at: time, audience: audience, in: db)
    }

    func entered(_ channel: ChannelRecord, by userRowID: Int64, at time: Int64, in db: Database) throws {
        var payload = EventFields()
        payload.add("user", try user(userRowID, in: db))
        payload.add("entered_at", time)
        try log.recordChannelEvent(.openChannelEnter, payload, channel, at: time, withMembers: false, in: db)
    }

    /// A user sent faster than `--max-messages-per-second` allows (the message was refused).
    func rateLimitExceeded(by userRowID: Int64, in channel: ChannelRecord, at time: Int64, in db: Database) throws {
        var payload = EventFields()
        payload.add("user", try user(userRowID, in: db))
        payload.add("channel", EventChannel(channel: channel))
        payload.add("created_at", time)
        try log.record(.userMessageRateLimitExceeded, payload, at: time, channelURL: channel.url, in: db)
    }

    /// A message's `payload`: its text and data as Sendbird's webhooks nest them, with the
    /// file of a file message.
    fileprivate struct Body: JSONObject {
        let record: MessageRecord

        func write(to fields: inout JSONFields) throws {
            try fields.write("message_id", record.id)
            try fields.write("custom_type", record.customType)
            try fields.write("message", record.message)
            try fields.write("translations", record.translations)
            try fields.write("data", record.data)
            try fields.write("created_at", record.createdAt)
            if let file = record.file {
                try fields.write("url", file.url)
                try fields.write("name", file.name)
                try fields.write("content_type", file.type)
                try fields.write("size", file.size)
            }
        }
    }

    private struct ReadUpdate: JSONObject {
        let userID: String
        let readAt: Int64
        let unread: Int
        let totalUnread: Int

        func write(to fields: inout JSONFields) throws {
            try fields.write("user_id", userID)
            try fields.write("read_ts", readAt)
            try fields.write("channel_unread_message_count", unread)
            try fields.write("total_unread_message_count", totalUnread)
        }
    }

    private func user(_ rowID: Int64, in db: Database) throws -> EventUser? {
        try users.summary(ofRow: rowID, in: db).map(EventUser.init)
    }
}

/// A message as Sendbird's webhooks show one nested in another event (a report's
/// `reported_message`): its sender, type, mentions, `payload` and `channel`.
struct EventMessage: JSONObject {
    let message: Message
    let channel: ChannelRecord

    func write(to fields: inout JSONFields) throws {
        try fields.writeIfPresent("sender", message.sender.map { EventUser(user: $0.user) })
        try fields.write("type", message.record.type.rawValue)
        try fields.write("custom_type", message.record.customType)
        try fields.write("mention_type", message.record.mentionType.rawValue)
        try fields.write("mentioned_users", message.mentionedUsers.map { EventUser(user: $0.user) })
        try fields.write("payload", MessageEvents.Body(record: message.record))
        try fields.write("channel", EventChannel(channel: channel))
    }
}
