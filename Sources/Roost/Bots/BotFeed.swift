import Foundation

/// Bot callbacks as a delivery feed: each message sent in a group channel a bot has joined
/// (by someone other than the bot; in privacy mode only one that starts with "/" or mentions
/// the bot) is POSTed to the bot's callback URL as Sendbird's `bot_message_notification`.
/// Each bot's callbacks go in log order.
struct BotFeed: DeliveryFeed {
    let applicationID: String
    var name: String { "bots" }
    private let bots = BotRepository()
    private let channels = ChannelRepository()
    private let users = UserRepository()

    /// What a `group_channel:message_send` payload holds that a callback needs.
    private struct SentMessage: Decodable {
        struct Sender: Decodable {
            let userID: String
            enum CodingKeys: String, CodingKey { case userID = "user_id" }
        }

        let type: String
        let sender: Sender?
        let mentionedUsers: [Sender]?
        let payload: CallbackMessage

        enum CodingKeys: String, CodingKey { case type, sender, mentionedUsers = "mentioned_users", payload }
    }

    func isActive(in db: Database) throws -> Bool {
        try bots.any(in: db)
    }

    func posts(for events: [StoredEvent], in db: Database) throws -> [[OutboundPost]] {
        try events.map { try posts(for: $0, in: db) }
    }

    private func posts(for event: StoredEvent, in db: Database) throws -> [OutboundPost] {
        guard event.category == EventCategory.groupChannelMessageSend.rawValue, let url = event.channelURL,
              let channel = try channels.find(.group, url: url, in: db)
        else { return [] }
        let members = try bots.members(of: channel.rowID, in: db)
        guard !members.isEmpty,
              let sent = try? JSONDecoder().decode(SentMessage.self, from: Data(event.payload.utf8)),
              sent.type != MessageType.admin.rawValue, let senderID = sent.sender?.userID,
              let senderRow = try users.rowID(of: senderID, in: db), let sender = try users.summary(ofRow: senderRow, in: db)
        else { return [] }
        let mentioned = (sent.mentionedUsers ?? []).map(\.userID)
        var posts: [OutboundPost] = []
        for bot in members where bot.user.userID != senderID {
            if bot.record.isPrivacyMode, !sent.payload.text.hasPrefix("/"), !mentioned.contains(bot.user.userID) { continue }
            let callback = Callback(
                applicationID: applicationID, bot: bot, sender: EventUser(user: sender), channel: channel,
                message: sent.payload, mentioned: mentioned,
                members: bot.record.showMember ? try memberUsers(of: channel, in: db) : nil
            )
            posts.append(
                OutboundPost(
                    seq: event.seq, category: "bot_message_notification", createdAt: event.createdAt, url: bot.record.callbackURL,
                    body: String(decoding: try JSON.encoder.encode(callback), as: UTF8.self), orderingKey: "bot:\(bot.user.userID)"
                )
            )
        }
        return posts
    }

    func recordFailure(of post: OutboundPost, statusCode: Int, attempts: Int, at time: Int64, in db: Database) throws {
        // Sendbird lists failed webhooks only; the engine logs a callback it gave up on, and passes it.
    }

    func currentURL(for post: OutboundPost, in db: Database) throws -> String? {
        guard post.orderingKey.hasPrefix("bot:") else { return nil }
        return try bots.find(String(post.orderingKey.dropFirst(4)), in: db)?.record.callbackURL
    }

    private func memberUsers(of channel: ChannelRecord, in db: Database) throws -> [EventUser] {
        let rows = try MemberRepository().members(ofChannels: [channel.rowID], in: db)[channel.rowID] ?? []
        let summaries = try users.summaries(ofRows: rows.map(\.userRowID), in: db)
        return rows.compactMap { summaries[$0.userRowID].map(EventUser.init) }
    }
}

/// The message of a bot callback, as the send event recorded it; Sendbird names its text `text`.
struct CallbackMessage: Decodable, Sendable {
    struct File: Codable, Sendable {
        let url: String
        let name: String?
        let contentType: String?
        let size: Int64?
        enum CodingKeys: String, CodingKey { case url, name, contentType = "content_type", size }
    }

    let messageID: Int64
    let text: String
    let customType: String?
    let data: String?
    let createdAt: Int64
    let file: File?

    enum CodingKeys: String, CodingKey {
        case messageID = "message_id", text = "message", customType = "custom_type", data, createdAt = "created_at", file
    }
}

/// A `bot_message_notification` body.
private struct Callback: Encodable {
    /// The message as a callback carries it: its text under `text`, its file in `files`.
    struct Message: Encodable {
        let messageID: Int64
        let text: String
        let customType: String
        let data: String
        let createdAt: Int64
        let files: [CallbackMessage.File]?

        enum CodingKeys: String, CodingKey {
            case messageID = "message_id", text, customType = "custom_type", data, createdAt = "created_at", files
        }
    }

    let category = "bot_message_notification"
    let bot: BotIdentity
    let sender: EventUser
    let channel: EventChannel
    let message: Message
    let mentioned: [String]
    let members: [EventUser]?
    let ts: Int64
    let appID: String

    enum CodingKeys: String, CodingKey { case category, bot, sender, channel, message, mentioned, members, ts, appID = "app_id" }

    init(applicationID: String, bot: Bot, sender: EventUser, channel: ChannelRecord, message: CallbackMessage, mentioned: [String], members: [EventUser]?) {
        self.bot = BotIdentity(bot: bot)
        self.sender = sender
        self.channel = EventChannel(channel: channel)
        self.message = Message(
            messageID: message.messageID, text: message.text, customType: message.customType ?? "", data: message.data ?? "",
            createdAt: message.createdAt, files: message.file.map { [$0] }
        )
        self.mentioned = mentioned
        self.members = members
        ts = message.createdAt
        appID = applicationID
    }
}
