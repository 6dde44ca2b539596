import Foundation

/// The push notifications a message sent in a group channel makes, as Sendbird would send
/// them: to each joined member other than the sender who is offline, active, holds a device
/// token of a configured provider, has not blocked the sender, and whose preferences let it
/// through (trigger option for the channel or in general, mentions, snooze, do not disturb,
/// pushes from bots). Each is recorded as a `roost:push` event, which `GET /roost/pushes`,
/// the event stream and the push relay read.
///
/// It follows the event log (`EventFollower`): a send records only its message and event, and
/// the pushes follow in a transaction of their own, worked out on a snapshot a moment later.
struct PushNotifications: EventConsumer {
    let log: EventLog
    private let configurations = PushConfigurationRepository()
    private let preferences = PushRepository()
    private let outbox = PushOutboxRepository()
    private let users = UserRepository()
    private let messages = MessageRepository()
    private let channels = ChannelRepository()

    var name: String { "push_outbox" }
    var categories: [EventCategory] { [.groupChannelMessageSend] }

    /// A push worked out, to record.
    struct Outgoing: Sendable {
        fileprivate let push: Push
        let time: Int64
    }

    /// What `group_channel:message_send` says of the message: its id.
    private struct SentMessage: Decodable {
        struct Payload: Decodable {
            let messageID: Int64
            enum CodingKeys: String, CodingKey { case messageID = "message_id" }
        }

        let payload: Payload
    }

    func isActive(in db: Database) throws -> Bool {
        try !configurations.usableProviders(in: db).isEmpty
    }

    func prepare(_ events: [StoredEvent], in db: Database) throws -> [Outgoing]? {
        let providers = try configurations.usableProviders(in: db)
        guard !providers.isEmpty else { return nil }
        let tokenTypes = DeviceTokenType.allCases.filter { providers.contains(PushProvider(tokenType: $0)) }
        var outgoing: [Outgoing] = []
        for event in events {
            guard let url = event.channelURL, let sent = JSONColumn.decode(SentMessage.self, from: event.payload),
                  let message = try messages.find(id: sent.payload.messageID, in: db), !message.isRemoved,
                  let channel = try channels.find(.group, url: url, in: db)
            else { continue }
            outgoing += try pushes(for: message, in: channel, tokenTypes: tokenTypes, at: event.createdAt, in: db)
        }
        return outgoing.isEmpty ? nil : outgoing
    }

    func apply(_ outgoing: [Outgoing], in db: Database) throws {
        for item in outgoing {
            let seq = try log.record(.push, item.push, at: item.time, concerning: [item.push.userID], in: db)
            try outbox.file(seq, userID: item.push.userID, channelURL: item.push.channelURL, in: db)
        }
    }

    private func pushes(
        for message: MessageRecord, in channel: ChannelRecord, tokenTypes: [DeviceTokenType], at time: Int64, in db: Database
    ) throws -> [Outgoing] {
        guard !message.isSilent, try messages.sendPush(of: message.id, in: db) ?? (message.type != .admin) else { return [] }
        let candidates = try outbox.candidates(in: channel.rowID, sender: message.senderRowID, tokenTypes: tokenTypes, in: db)
        guard !candidates.isEmpty else { return [] }
        let mentioned = try messages.notifiedMentions(of: message.id, in: db)
        let sender = try message.senderRowID.flatMap { try users.summary(ofRow: $0, in: db) }
        let fromBot = try message.senderRowID.map { try outbox.isBot($0, in: db) } ?? false
        let everyoneMentioned = message.mentionType == .channel
        let unread = try MemberRepository().totalUnread(of: candidates.map(\.userRowID), in: db)
        let recipients = try users.summaries(ofRows: candidates.map(\.userRowID), in: db)
        var outgoing: [Outgoing] = []
        for candidate in candidates {
            guard let recipient = recipients[candidate.userRowID] else { continue }
            let own = try preferences.preferences(of: candidate.userRowID, in: db)
            let inChannel = try preferences.channelPreference(of: candidate.userRowID, in: channel.rowID, in: db)
            let trigger = inChannel.triggerOption == "default" ? own.triggerOption : inChannel.triggerOption
            guard trigger != "off",
                  trigger != "mention_only" || everyoneMentioned || mentioned.contains(candidate.userRowID),
                  !(own.snoozeEnabled && own.snoozeStart <= time && time <= own.snoozeEnd),
                  !(own.doNotDisturb && Self.isQuiet(own, at: time)),
                  !(fromBot && (own.blockPushFromBots || own.blockedBotIDs.contains(sender?.userID ?? "")))
            else { continue }
            let template = try configurations.template(own.template, in: db)
            let values = PushMessageTemplate.Values(
                senderName: sender.map { $0.nickname.isEmpty ? $0.userID : $0.nickname } ?? "",
                message: message.message, fileName: message.file?.name ?? "", fileType: message.file?.type ?? "",
                channelName: channel.name
            )
            let sound = [inChannel.pushSound, own.pushSound].first { !$0.isEmpty && $0 != "default" } ?? "default"
            outgoing.append(Outgoing(
                push: Push(
                    recipient: recipient, devices: candidate.devices, message: message, channel: channel, sender: sender,
                    alert: template.rendered(for: message.type, with: values), sound: sound,
                    badge: unread[candidate.userRowID] ?? 0, applicationID: log.applicationID
                ),
                time: time
            ))
        }
        return outgoing
    }

    /// Whether `time` falls in the user's daily do-not-disturb window, in their time zone;
    /// a window that ends before it starts runs over midnight, and an empty one never holds.
    static func isQuiet(_ preferences: PushPreferences, at time: Int64) -> Bool {
        let zone = TimeZone(identifier: preferences.timezone) ?? .gmt
        let date = Date(timeIntervalSince1970: TimeInterval(time) / 1000)
        let seconds = (Int(time / 1000) + zone.secondsFromGMT(for: date)) % 86_400
        let minute = (seconds + 86_400) % 86_400 / 60
        let start = preferences.startHour * 60 + preferences.startMin
        let end = preferences.endHour * 60 + preferences.endMin
        if start == end { return false }
        return start < end ? (start..<end).contains(minute) : minute >= start || minute < end
    }
}

/// One push notification: who and which devices it goes to, the text the template made, the
/// sound and badge, and under `sendbird` the object Sendbird's client SDKs read from a push.
fileprivate struct Push: Encodable, Sendable {
    struct Device: Encodable, Sendable {
        let tokenType: String
        let token: String

        enum CodingKeys: String, CodingKey { case tokenType = "token_type", token }
    }

    /// Sendbird's `sendbird` object of a push.
    struct Payload: Encodable, Sendable {
        let category = "messaging:offline_notification"
        let type: String
        let message: String
        let customType: String
        let data: String
        let messageID: Int64
        let createdAt: Int64
        let appID: String
        let unreadMessageCount: Int
        let channel: Channel
        let channelType: String
        let sender: Person?
        let recipient: Person
        let files: [File]
        let translations: [String: String]
        let pushSound: String

        enum CodingKeys: String, CodingKey {
            case category, type, message, customType = "custom_type", data, messageID = "message_id", createdAt = "created_at"
            case appID = "app_id", unreadMessageCount = "unread_message_count", channel, channelType = "channel_type"
            case sender, recipient, files, translations, pushSound = "push_sound"
        }
    }

    struct Channel: Encodable, Sendable {
        let channelURL: String
        let name: String
        let customType: String

        enum CodingKeys: String, CodingKey { case channelURL = "channel_url", name, customType = "custom_type" }
    }

    struct Person: Encodable, Sendable {
        let id: String
        let name: String
        /// The sender's only.
        let profileURL: String?

        enum CodingKeys: String, CodingKey { case id, name, profileURL = "profile_url" }

        init(user: UserSummary, withImage: Bool) {
            id = user.userID
            name = user.nickname
            profileURL = withImage ? user.profileURL : nil
        }
    }

    struct File: Encodable, Sendable {
        let url: String
        let name: String
        let type: String
        let size: Int64
    }

    let userID: String
    let channelURL: String
    let messageID: Int64
    let devices: [Device]
    let alert: String
    let sound: String
    let badge: Int
    let sendbird: Payload

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", channelURL = "channel_url", messageID = "message_id", devices, alert, sound, badge, sendbird
    }

    init(
        recipient: UserSummary, devices: [(type: DeviceTokenType, token: String)], message: MessageRecord, channel: ChannelRecord,
        sender: UserSummary?, alert: String, sound: String, badge: Int, applicationID: String
    ) {
        userID = recipient.userID
        channelURL = channel.url
        messageID = message.id
        self.devices = devices.map { Device(tokenType: $0.type.rawValue, token: $0.token) }
        self.alert = alert
        self.sound = sound
        self.badge = badge
        sendbird = Payload(
            type: message.type.rawValue, message: message.message, customType: message.customType, data: message.data,
            messageID: message.id, createdAt: message.createdAt, appID: applicationID, unreadMessageCount: badge,
            channel: Channel(channelURL: channel.url, name: channel.name, customType: channel.customType),
            // Sendbird's names for a 1-to-1 (distinct) and any other group channel.
            channelType: channel.isDistinct ? "messaging" : "group_messaging",
            sender: sender.map { Person(user: $0, withImage: true) }, recipient: Person(user: recipient, withImage: false),
            files: message.file.map { [File(url: $0.url, name: $0.name, type: $0.type, size: $0.size)] } ?? [],
            translations: message.translations, pushSound: sound
        )
    }
}
