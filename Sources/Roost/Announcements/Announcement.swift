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
    /// Whether channels it creates have the sender as their inviter; nil (as announcements
    /// stored before it was read have it) is Sendbird's default, no.
    var assignSenderAsChannelInviter: Bool?
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

extension AnnouncementRecord {
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
}

/// How many members an announcement's messages reached, and how many of them have read it.
struct AnnouncementOpens: Sendable, Equatable {
    var reached = 0
    var opened = 0

    /// The share of the members reached who read it, from 0 to 1; 0 while it reached no one.
    var rate: Double { reached == 0 ? 0 : Double(opened) / Double(reached) }
}

/// An announcement as the announcement routes answer it, as Sendbird does: flat, with its
/// counters, `open_count` and `open_rate`.
struct AnnouncementBody: Encodable, ResponseEncodable, Sendable {
    struct Message: Encodable, Sendable {
        let type: String
        let customType: String
        let userID: String
        let content: String
        let data: String

        enum CodingKeys: String, CodingKey { case type, customType = "custom_type", userID = "user_id", content, data }
    }

    struct ChannelOptions: Encodable, Sendable {
        let name: String
        let coverURL: String
        let customType: String
        let data: String
        let distinct: Bool

        enum CodingKeys: String, CodingKey { case name, coverURL = "cover_url", customType = "custom_type", data, distinct }
    }

    let uniqueID: String
    let announcementGroup: String
    let message: Message
    let enablePush: Bool
    let targetAt: String
    let targetList: [String]
    let targetChannelType: String
    let targetCustomType: String
    let createChannel: Bool
    let createChannelOptions: ChannelOptions
    let status: String
    let scheduledAt: Int64
    let ceaseAt: String
    let resumeAt: String
    let endAt: Int64
    let createdAt: Int64
    let completedAt: Int64
    let targetUserCount: Int
    let targetChannelCount: Int
    let sentUserCount: Int
    let sentChannelCount: Int
    let markAsRead: Bool
    let openCount: Int
    let openRate: Double

    enum CodingKeys: String, CodingKey {
        case uniqueID = "unique_id", announcementGroup = "announcement_group", message, enablePush = "enable_push"
        case targetAt = "target_at", targetList = "target_list", targetChannelType = "target_channel_type"
        case targetCustomType = "target_custom_type", createChannel = "create_channel", createChannelOptions = "create_channel_options"
        case status, scheduledAt = "scheduled_at", ceaseAt = "cease_at", resumeAt = "resume_at", endAt = "end_at"
        case createdAt = "created_at", completedAt = "completed_at", targetUserCount = "target_user_count"
        case targetChannelCount = "target_channel_count", sentUserCount = "sent_user_count", sentChannelCount = "sent_channel_count"
        case markAsRead = "mark_as_read", openCount = "open_count", openRate = "open_rate"
    }

    init(record: AnnouncementRecord, opens: AnnouncementOpens) {
        let (message, settings, options) = (record.message, record.settings, record.settings.createChannelOptions)
        uniqueID = record.uniqueID
        announcementGroup = AnnouncementRecord.shown(record.group)
        self.message = Message(
            type: message.type.rawValue, customType: message.customType, userID: message.userID, content: message.content, data: message.data
        )
        enablePush = settings.enablePush
        targetAt = settings.targetAt.rawValue
        targetList = settings.targetList
        targetChannelType = settings.targetChannelType
        targetCustomType = settings.targetCustomType
        createChannel = settings.createChannel
        createChannelOptions = ChannelOptions(
            name: options.name, coverURL: options.coverURL, customType: options.customType, data: options.data, distinct: options.distinct
        )
        status = record.status.rawValue
        scheduledAt = record.scheduledAt
        ceaseAt = settings.ceaseAt
        resumeAt = settings.resumeAt
        endAt = settings.endAt
        createdAt = record.createdAt
        completedAt = record.completedAt
        targetUserCount = record.targetUserCount
        targetChannelCount = record.targetChannelCount
        sentUserCount = record.sentUserCount
        sentChannelCount = record.sentChannelCount
        markAsRead = settings.markAsRead
        openCount = opens.opened
        openRate = opens.rate
    }
}
