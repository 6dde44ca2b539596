import Hummingbird

/// A member an announcement's message reached, and whether (and when) they read it.
struct AnnouncementOpenStatus: JSONObject, Sendable {
    let userID: String
    let channelURL: String
    let sentAt: Int64
    /// When the member read the channel after the message; 0 while they have not.
    let openAt: Int64

    func write(to fields: inout JSONFields) throws {
        try fields.write("user_id", userID)
        try fields.write("channel_url", channelURL)
        try fields.write("has_opened", openAt > 0)
        try fields.write("sent_at", sentAt)
        try fields.write("open_at", openAt)
    }
}

struct AnnouncementOpenStatusList: ResponseEncodable, JSONObject {
    let page: Page<AnnouncementOpenStatus>

    func write(to fields: inout JSONFields) throws {
        try fields.write("open_status", page.items)
        try fields.write("next", page.next)
    }
}

/// Opens by the hour, each hour's and cumulative, as counts and as shares of the members
/// the messages reached.
struct AnnouncementOpenRate: ResponseEncodable, JSONObject, Sendable {
    let uniqueID: String?
    let group: String?
    let counts: [Int]
    let targets: Int

    func write(to fields: inout JSONFields) throws {
        if let uniqueID { try fields.write("unique_id", uniqueID) }
        if let group { try fields.write("announcement_group", group) }
        var running = 0
        let cumulative = counts.map { count -> Int in
            running += count
            return running
        }
        let share = { (count: Int) -> Double in targets == 0 ? 0 : Double(count) / Double(targets) }
        try fields.write("open_counts", counts)
        try fields.write("open_rates", counts.map(share))
        try fields.write("cumulative_open_counts", cumulative)
        try fields.write("cumulative_open_rates", cumulative.map(share))
    }
}

/// The finished announcements of one day, week or month.
struct AnnouncementStatistics: JSONObject, Sendable {
    let dateRange: String
    var total = 0
    var canceled = 0
    var stopped = 0
    var completed = 0
    var targetChannels = 0
    var targetUsers = 0
    var sentChannels = 0
    var sentUsers = 0
    var opened = 0

    init(dateRange: String) {
        self.dateRange = dateRange
    }

    mutating func add(_ record: AnnouncementRecord, opened: Int) {
        total += 1
        switch record.status {
        case .canceled: canceled += 1
        case .stopped: stopped += 1
        case .completed: completed += 1
        default: break
        }
        targetChannels += record.targetChannelCount
        targetUsers += record.targetUserCount
        sentChannels += record.sentChannelCount
        sentUsers += record.sentUserCount
        self.opened += opened
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("date_range", dateRange)
        try fields.write("total_announcement_count", total)
        try fields.write("canceled_announcement_count", canceled)
        try fields.write("stopped_announcement_count", stopped)
        try fields.write("completed_announcement_count", completed)
        try fields.write("target_channel_count", targetChannels)
        try fields.write("target_user_count", targetUsers)
        try fields.write("sent_channel_count", sentChannels)
        try fields.write("sent_user_count", sentUsers)
        try fields.write("open_count", opened)
        try fields.write("open_rate", sentUsers == 0 ? 0 : Double(opened) / Double(sentUsers))
    }
}

struct AnnouncementStatisticsList: ResponseEncodable, JSONObject {
    let statistics: [AnnouncementStatistics]

    func write(to fields: inout JSONFields) throws {
        try fields.write("statistics", statistics)
    }
}

struct AnnouncementList: ResponseEncodable, JSONObject {
    let page: Page<AnnouncementBody>

    func write(to fields: inout JSONFields) throws {
        try fields.write("announcements", page.items)
        try fields.write("next", page.next)
    }
}

struct AnnouncementGroupList: ResponseEncodable, JSONObject {
    let page: Page<String>

    func write(to fields: inout JSONFields) throws {
        try fields.write("announcement_groups", page.items)
        try fields.write("next", page.next)
    }
}
