import Foundation
import Hummingbird

/// Where an announcement stands, as Sendbird names it.
enum AnnouncementStatus: String, Sendable, CaseIterable {
    /// `ready` is Sendbird's status for one due but not yet begun. Roost begins an announcement
    /// the moment it is due, so none is ever `ready`; listing by it finds none.
    case scheduled, ready, running
    case onHold = "on-hold"
    case paused, stopped, canceled, completed, incompleted

    /// Finished, one way or another.
    var isFinal: Bool { [.stopped, .canceled, .completed, .incompleted].contains(self) }
}

/// Who an announcement reaches: the sender's channels, listed channels, or the channels the
/// sender shares with listed users (including others, or only the two of them).
enum AnnouncementTarget: String, Sendable, Codable {
    case senderAllChannels = "sender_all_channels"
    case targetChannels = "target_channels"
    case targetUsersIncludedChannels = "target_users_included_channels"
    case targetUsersOnlyChannels = "target_users_only_channels"
}

/// The message an announcement sends.
struct AnnouncementMessage: Sendable, Codable, Equatable {
    var type = MessageType.user
    var userID = ""
    var content = ""
    var customType = ""
    var data = ""
}

/// The channel an announcement creates for a target user who has none with the sender.
struct AnnouncementChannelOptions: Sendable, Codable, Equatable {
    var name = "Group Channel"
    var coverURL = ""
    var customType = ""
    var data = ""
    var distinct = true
}

/// Everything else an announcement was given.
struct AnnouncementSettings: Sendable, Codable, Equatable {
    var targetAt = AnnouncementTarget.senderAllChannels
    var targetList: [String] = []
    /// `distinct`, `non-distinct` or `all`.
    var targetChannelType = "distinct"
    var targetCustomType = ""
    var createChannel = false
    var createChannelOptions = AnnouncementChannelOptions()
    var enablePush = true
    var markAsRead = true
    /// A daily pause, UTC `HHMM`, both or neither.
    var ceaseAt = ""
    var resumeAt = ""
    /// Unix ms; 0: none. What is not sent by then is not sent.
    var endAt: Int64 = 0
}

/// A row of the announcements table.
struct AnnouncementRecord: Sendable, FetchableRecord {
    var id: Int64
    var uniqueID: String
    var group: String
    var message: AnnouncementMessage
    var settings: AnnouncementSettings
    var status: AnnouncementStatus
    var scheduledAt: Int64
    var createdAt: Int64
    var completedAt: Int64
    var targetUserCount: Int
    var targetChannelCount: Int
    var sentUserCount: Int
    var sentChannelCount: Int

    enum Columns: Int, TableColumns {
        case id, unique_id, announcement_group, message, settings, status, scheduled_at, created_at, completed_at
        case target_user_count, target_channel_count, sent_user_count, sent_channel_count
    }

    init(row: Row) {
        id = row[Columns.id]
        uniqueID = row[Columns.unique_id]
        group = row[Columns.announcement_group]
        message = JSONColumn.decode(AnnouncementMessage.self, from: row[Columns.message]) ?? AnnouncementMessage()
        settings = JSONColumn.decode(AnnouncementSettings.self, from: row[Columns.settings]) ?? AnnouncementSettings()
        status = AnnouncementStatus(rawValue: row[Columns.status]) ?? .scheduled
        scheduledAt = row[Columns.scheduled_at]
        createdAt = row[Columns.created_at]
        completedAt = row[Columns.completed_at]
        targetUserCount = row[Columns.target_user_count]
        targetChannelCount = row[Columns.target_channel_count]
        sentUserCount = row[Columns.sent_user_count]
        sentChannelCount = row[Columns.sent_channel_count]
    }

    init(uniqueID: String, group: String, message: AnnouncementMessage, settings: AnnouncementSettings, scheduledAt: Int64, at time: Int64) {
        id = 0
        self.uniqueID = uniqueID
        self.group = group
        self.message = message
        self.settings = settings
        status = .scheduled
        self.scheduledAt = scheduledAt
        createdAt = time
        completedAt = 0
        targetUserCount = 0
        targetChannelCount = 0
        sentUserCount = 0
        sentChannelCount = 0
    }
}

extension AnnouncementRecord: JSONObject, ResponseEncodable {
    /// Sendbird shows at most the first 128 bytes of a group's name; the whole name still
    /// finds the announcement.
    static let shownGroupBytes = 128

    static func shown(_ group: String) -> String {
        guard group.utf8.count > shownGroupBytes else { return group }
        var shown = ""
        for character in group {
            guard shown.utf8.count + character.utf8.count <= shownGroupBytes else { break }
            shown.append(character)
        }
        return shown
    }

    /// The announcement as Sendbird answers it: flat, with its counters and open rate.
    func write(to fields: inout JSONFields) throws {
        try fields.write("unique_id", uniqueID)
        try fields.write("announcement_group", Self.shown(group))
        try fields.write("message", MessageBody(message: message))
        try fields.write("enable_push", settings.enablePush)
        try fields.write("target_at", settings.targetAt.rawValue)
        try fields.write("target_list", settings.targetList)
        try fields.write("target_channel_type", settings.targetChannelType)
        try fields.write("target_custom_type", settings.targetCustomType)
        try fields.write("create_channel", settings.createChannel)
        try fields.write("create_channel_options", ChannelOptionsBody(options: settings.createChannelOptions))
        try fields.write("status", status.rawValue)
        try fields.write("scheduled_at", scheduledAt)
        try fields.write("cease_at", settings.ceaseAt)
        try fields.write("resume_at", settings.resumeAt)
        try fields.write("end_at", settings.endAt)
        try fields.write("created_at", createdAt)
        try fields.write("completed_at", completedAt)
        try fields.write("target_user_count", targetUserCount)
        try fields.write("target_channel_count", targetChannelCount)
        try fields.write("sent_user_count", sentUserCount)
        try fields.write("sent_channel_count", sentChannelCount)
        try fields.write("mark_as_read", settings.markAsRead)
    }

    private struct MessageBody: JSONObject {
        let message: AnnouncementMessage

        func write(to fields: inout JSONFields) throws {
            try fields.write("type", message.type.rawValue)
            try fields.write("custom_type", message.customType)
            try fields.write("user_id", message.userID)
            try fields.write("content", message.content)
            try fields.write("data", message.data)
        }
    }

    private struct ChannelOptionsBody: JSONObject {
        let options: AnnouncementChannelOptions

        func write(to fields: inout JSONFields) throws {
            try fields.write("name", options.name)
            try fields.write("cover_url", options.coverURL)
            try fields.write("custom_type", options.customType)
            try fields.write("data", options.data)
            try fields.write("distinct", options.distinct)
        }
    }
}

/// How many members an announcement's messages reached, and how many of them have read it.
struct AnnouncementOpens: Sendable, Equatable {
    var reached = 0
    var opened = 0

    /// The share of the members reached who read it, from 0 to 1; 0 while it reached no one.
    var rate: Double { reached == 0 ? 0 : Double(opened) / Double(reached) }
}

/// An announcement as the announcement routes answer it: the record, with `open_count` and
/// `open_rate` as Sendbird's schema has them.
struct AnnouncementBody: JSONObject, ResponseEncodable, Sendable {
    let record: AnnouncementRecord
    let opens: AnnouncementOpens

    func write(to fields: inout JSONFields) throws {
        try record.write(to: &fields)
        try fields.write("open_count", opens.opened)
        try fields.write("open_rate", opens.rate)
    }
}
