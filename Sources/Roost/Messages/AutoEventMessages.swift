import Foundation

/// The admin messages Roost posts by itself in a group channel when it is created or changed
/// and when members join or leave, as the application's `settings/auto_event_message` turns
/// them on: `custom_type` `SENDBIRD:AUTO_EVENT_MESSAGE`, and in `data` the event's `type`
/// with its `users` (and a leave's `reason`), as Sendbird's clients read them.
struct AutoEventMessages: Sendable {
    let log: EventLog
    static let customType = "SENDBIRD:AUTO_EVENT_MESSAGE"

    enum Event: Sendable {
        case channelCreated, channelChanged
        /// Users by row id, looked up only when the message is on.
        case joined([Int64])
        case left([Int64], reason: LeaveReason)
    }

    /// Why members left, with the setting that covers it and the old one it replaced.
    enum LeaveReason: String, Sendable {
        case leftByOwnChoice = "LEFT_BY_OWN_CHOICE"
        case channelOperatorRemoved = "CHANNEL_OPERATOR_REMOVED"
        case adminRemoved = "ADMIN_REMOVED"
        case adminDeleted = "ADMIN_DELETED"
        case adminDeactivated = "ADMIN_DEACTIVATED"

        init(_ departure: DepartureReason) {
            switch departure {
            case .removedByAdmin: self = .adminRemoved
            case .removedByOperator: self = .channelOperatorRemoved
            case .deactivated: self = .adminDeactivated
            case .deleted: self = .adminDeleted
            }
        }

        var keys: [String] {
            switch self {
            case .leftByOwnChoice: ["left_by_own_choice", "left"]
            case .channelOperatorRemoved: ["channel_operator_removed"]
            case .adminRemoved: ["admin_removed", "deleted"]
            case .adminDeleted: ["admin_deleted", "deleted"]
            case .adminDeactivated: ["admin_deactivated", "deactivated"]
            }
        }
    }

    func post(_ event: Event, in channel: ChannelRecord, at time: Int64, in db: Database) throws {
        guard channel.type == .group else { return }
        let settings = try ApplicationRepository().autoEventMessages(in: db)
        let text: String
        let data: EventData
        switch event {
        case .channelCreated:
            guard settings.isOn("channel_create", channel.isPublic ? "public_channel" : "private_channel") else { return }
            text = "The channel was created."
            data = EventData(type: "CHANNEL_CREATE")
        case .channelChanged:
            guard settings.isOn("channel_change", "channel_change") else { return }
            text = "The channel was changed."
            data = EventData(type: "CHANNEL_CHANGE")
        case .joined(let rowIDs):
            guard !rowIDs.isEmpty, settings.isOn("user_join", "user_join") else { return }
            let users = try Self.users(rowIDs, in: db)
            text = "\(Self.names(users)) joined."
            data = EventData(type: "USER_JOIN", users: users)
        case .left(let rowIDs, let reason):
            guard !rowIDs.isEmpty, reason.keys.contains(where: { settings.isOn("user_leave", $0) }) else { return }
            let users = try Self.users(rowIDs, in: db)
            text = "\(Self.names(users)) left."
            data = EventData(type: "USER_LEAVE", users: users, reason: reason.rawValue)
        }
        var request = SendMessageRequest()
        request.messageType = .admin
        request.message = text
        request.customType = Self.customType
        request.data = String(decoding: try JSON.encoder.encode(data), as: UTF8.self)
        let messages = MessageRepository()
        let record = try messages.insert(NewMessage(request, as: .admin, in: channel.rowID, from: nil, at: time), in: db)
        let events = MessageEvents(log: log)
        try MessageEffects(events: events).record(of: record, in: channel, mentioned: [], markAsRead: false, in: db)
        let current = try ChannelRepository().find(rowID: channel.rowID, in: db) ?? channel
        let answer = try MessageAssembler().message(record, in: current, options: MessageViewOptions(), in: db)
        try events.message(.send, answer, in: current, at: time, in: db)
    }

    private static func users(_ rowIDs: [Int64], in db: Database) throws -> [UserSummary] {
        let found = try UserRepository().summaries(ofRows: rowIDs, in: db)
        return rowIDs.compactMap { found[$0] }
    }

    private static func names(_ users: [UserSummary]) -> String {
        users.map { $0.nickname.isEmpty ? $0.userID : $0.nickname }.joined(separator: ", ")
    }
}

/// Members a ban, a kick, a deactivation or a deletion took out: their leave message, when
/// it is on.
extension AutoEventMessages: DepartureObserver {
    func departed(_ userRowIDs: [Int64], from channel: ChannelRecord, reason: DepartureReason, at time: Int64, in db: Database) throws {
        try post(.left(userRowIDs, reason: LeaveReason(reason)), in: channel, at: time, in: db)
    }
}

extension AutoEventMessages {
    /// An auto event message's `data`: what happened, to whom and why, its keys in the
    /// alphabetical order they have always been written in.
    struct EventData: Encodable {
        struct Member: Encodable {
            let nickname: String
            let userID: String

            enum CodingKeys: String, CodingKey { case nickname, userID = "user_id" }
        }

        let reason: String?
        let type: String
        let users: [Member]?

        init(type: String, users: [UserSummary]? = nil, reason: String? = nil) {
            self.reason = reason
            self.type = type
            self.users = users?.map { Member(nickname: $0.nickname, userID: $0.userID) }
        }
    }
}
