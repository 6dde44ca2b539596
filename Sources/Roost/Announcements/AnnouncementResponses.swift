import Hummingbird

/// A member an announcement's message reached, and whether (and when) they read it.
struct AnnouncementOpenStatus: Encodable, Sendable {
    let userID: String
    let channelURL: String
    let hasOpened: Bool
    let sentAt: Int64
    /// When the member read the channel after the message; 0 while they have not.
    let openAt: Int64

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", channelURL = "channel_url", hasOpened = "has_opened", sentAt = "sent_at", openAt = "open_at"
    }

    init(userID: String, channelURL: String, sentAt: Int64, openAt: Int64) {
        self.userID = userID
        self.channelURL = channelURL
        hasOpened = openAt > 0
        self.sentAt = sentAt
        self.openAt = openAt
    }
}

struct AnnouncementOpenStatusList: ResponseEncodable, Encodable {
    let openStatus: [AnnouncementOpenStatus]
    let next: String

    enum CodingKeys: String, CodingKey { case openStatus = "open_status", next }

    init(page: Page<AnnouncementOpenStatus>) {
        openStatus = page.items
        next = page.next
    }
}

/// Opens by the hour, each hour's and cumulative, as counts and as shares of the members
/// the messages reached.
struct AnnouncementOpenRate: ResponseEncodable, Encodable, Sendable {
    let uniqueID: String?
    let announcementGroup: String?
    let openCounts: [Int]
    let openRates: [Double]
    let cumulativeOpenCounts: [Int]
    let cumulativeOpenRates: [Double]

    enum CodingKeys: String, CodingKey {
        case uniqueID = "unique_id", announcementGroup = "announcement_group", openCounts = "open_counts", openRates = "open_rates"
        case cumulativeOpenCounts = "cumulative_open_counts", cumulativeOpenRates = "cumulative_open_rates"
    }

    init(uniqueID: String?, group: String?, counts: [Int], targets: Int) {
        self.uniqueID = uniqueID
        announcementGroup = group
        var running = 0
        let cumulative = counts.map { count -> Int in
            running += count
            return running
        }
        let share = { (count: Int) -> Double in targets == 0 ? 0 : Double(count) / Double(targets) }
        openCounts = counts
        openRates = counts.map(share)
        cumulativeOpenCounts = cumulative
        cumulativeOpenRates = cumulative.map(share)
    }
}

/// The finished announcements of one day, week or month.
struct AnnouncementStatistics: Encodable, Sendable {
    let dateRange: String
    private(set) var total = 0
    private(set) var canceled = 0
    private(set) var stopped = 0
    private(set) var completed = 0
    private(set) var targetChannels = 0
    private(set) var targetUsers = 0
    private(set) var sentChannels = 0
    private(set) var sentUsers = 0
    private(set) var opened = 0
    /// The share of the users reached who read it; 0 while it reached no one.
    private(set) var openRate = 0.0

    enum CodingKeys: String, CodingKey {
        case dateRange = "date_range", total = "total_announcement_count", canceled = "canceled_announcement_count"
        case stopped = "stopped_announcement_count", completed = "completed_announcement_count"
        case targetChannels = "target_channel_count", targetUsers = "target_user_count", sentChannels = "sent_channel_count"
        case sentUsers = "sent_user_count", opened = "open_count", openRate = "open_rate"
    }

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
        openRate = sentUsers == 0 ? 0 : Double(self.opened) / Double(sentUsers)
    }
}

struct AnnouncementStatisticsList: ResponseEncodable, Encodable {
    let statistics: [AnnouncementStatistics]
}

struct AnnouncementList: ResponseEncodable, Encodable {
    let announcements: [AnnouncementBody]
    let next: String

    init(page: Page<AnnouncementBody>) {
        announcements = page.items
        next = page.next
    }
}

struct AnnouncementGroupList: ResponseEncodable, Encodable {
    let announcementGroups: [String]
    let next: String

    enum CodingKeys: String, CodingKey { case announcementGroups = "announcement_groups", next }

    init(page: Page<String>) {
        announcementGroups = page.items
        next = page.next
    }
}
