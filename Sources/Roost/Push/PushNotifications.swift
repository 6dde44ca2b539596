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
            let seq = try log.record(.push, item.push, at: item.time, concerning: [item.push.recipient.userID], in: db)
            try outbox.file(seq, userID: item.push.recipient.userID, channelURL: item.push.channel.url, in: db)
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
fileprivate struct Push: JSONObject, Sendable {
    let recipient: UserSummary
    let devices: [(type: DeviceTokenType, token: String)]
    let message: MessageRecord
    let channel: ChannelRecord
    let sender: UserSummary?
    let alert: String
    let sound: String
    let badge: Int
    let applicationID: String

    struct Device: JSONObject {
        let type: DeviceTokenType
        let token: String

        func write(to fields: inout JSONFields) throws {
            try fields.write("token_type", type.rawValue)
            try fields.write("token", token)
        }
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("user_id", recipient.userID)
        try fields.write("channel_url", channel.url)
        try fields.write("message_id", message.id)
        try fields.write("devices", devices.map { Device(type: $0.type, token: $0.token) })
        try fields.write("alert", alert)
        try fields.write("sound", sound)
        try fields.write("badge", badge)
        try fields.write("sendbird", Payload(push: self))
    }

    /// Sendbird's `sendbird` object of a push.
    struct Payload: JSONObject {
        let push: Push

        func write(to fields: inout JSONFields) throws {
            let message = push.message
            try fields.write("category", "messaging:offline_notification")
            try fields.write("type", message.type.rawValue)
            try fields.write("message", message.message)
            try fields.write("custom_type", message.customType)
            try fields.write("data", message.data)
            try fields.write("message_id", message.id)
            try fields.write("created_at", message.createdAt)
            try fields.write("app_id", push.applicationID)
            try fields.write("unread_message_count", push.badge)
            try fields.write("channel", Channel(channel: push.channel))
            // Sendbird's names for a 1-to-1 (distinct) and any other group channel.
            try fields.write("channel_type", push.channel.isDistinct ? "messaging" : "group_messaging")
            if let sender = push.sender { try fields.write("sender", Person(user: sender, withImage: true)) }
            try fields.write("recipient", Person(user: push.recipient, withImage: false))
            try fields.write("files", message.file.map { [File(file: $0)] } ?? [])
            try fields.write("translations", message.translations)
            try fields.write("push_sound", push.sound)
        }
    }

    struct Channel: JSONObject {
        let channel: ChannelRecord

        func write(to fields: inout JSONFields) throws {
            try fields.write("channel_url", channel.url)
            try fields.write("name", channel.name)
            try fields.write("custom_type", channel.customType)
        }
    }

    struct Person: JSONObject {
        let user: UserSummary
        let withImage: Bool

        func write(to fields: inout JSONFields) throws {
            try fields.write("id", user.userID)
            try fields.write("name", user.nickname)
            if withImage { try fields.write("profile_url", user.profileURL) }
        }
    }

    struct File: JSONObject {
        let file: FileInfo

        func write(to fields: inout JSONFields) throws {
            try fields.write("url", file.url)
            try fields.write("name", file.name)
            try fields.write("type", file.type)
            try fields.write("size", file.size)
        }
    }
}
