import Foundation
import GRDB

/// The push notifications a message sent in a group channel makes, as Sendbird would send
/// them: to each joined member other than the sender who is offline, active, holds a device
/// token of a configured provider, has not blocked the sender, and whose preferences let it
/// through (trigger option for the channel or in general, mentions, snooze, do not disturb,
/// pushes from bots). Each is recorded in the send's transaction as a `roost:push` event,
/// which `GET /roost/pushes`, the event stream and the push relay read.
struct PushNotifications: MessageSendObserver {
    let log: EventLog
    private let configurations = PushConfigurationRepository()
    private let preferences = PushRepository()
    private let outbox = PushOutboxRepository()
    private let users = UserRepository()

    func sent(
        _ message: MessageRecord, in channel: ChannelRecord, mentioned: [Int64], sendPush: Bool?, at time: Int64, in db: Database
    ) throws {
        guard channel.type == .group, !message.isSilent, sendPush ?? (message.type != .admin) else { return }
        let providers = try configurations.usableProviders(in: db)
        guard !providers.isEmpty else { return }
        let candidates = try outbox.candidates(
            in: channel.rowID, sender: message.senderRowID, tokenTypes: DeviceTokenType.allCases.filter { providers.contains(PushProvider(tokenType: $0)) },
            in: db
        )
        guard !candidates.isEmpty else { return }
        let sender = try message.senderRowID.flatMap { try users.summary(ofRow: $0, in: db) }
        let fromBot = try message.senderRowID.map { try outbox.isBot($0, in: db) } ?? false
        let everyoneMentioned = message.mentionType == .channel
        let unread = try MemberRepository().totalUnread(of: candidates.map(\.userRowID), in: db)
        let recipients = try users.summaries(ofRows: candidates.map(\.userRowID), in: db)
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
            let push = Push(
                recipient: recipient, devices: candidate.devices, message: message, channel: channel, sender: sender,
                alert: template.rendered(for: message.type, with: values), sound: sound,
                badge: unread[candidate.userRowID] ?? 0, applicationID: log.applicationID
            )
            let seq = try log.record(.push, push, at: time, concerning: [recipient.userID], in: db)
            try outbox.file(seq, userID: recipient.userID, channelURL: channel.url, in: db)
        }
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
private struct Push: JSONObject {
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
