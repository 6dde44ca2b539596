enum ReportCategory: String, Codable, Sendable {
    /// `custom` comes with a name of its own (`custom_report_category_name`).
    case suspicious, harassing, inappropriate, spam, custom
}

/// A report as stored: what was reported, by whom, and snapshots of it all as the JSON
/// text they were answered with when the report was filed.
struct ReportRecord: Sendable, FetchableRecord {
    var id: Int64 = 0
    var type: String
    var category: ReportCategory
    /// The name of a `custom` category; nil for the others.
    var customCategoryName: String?
    var description: String
    var channelType: ChannelType?
    var channelURL: String?
    var messageID: Int64?
    var offendingUserID: String?
    var reportingUser: String?
    var offendingUser: String?
    var reportedMessage: String?
    var channel: String?
    var createdAt: Int64

    /// The columns `init(row:)` reads, in its order.
    enum Columns: Int, TableColumns {
        case id, report_type, report_category, report_description, channel_type, channel_url, message_id
        case offending_user_id, reporting_user, offending_user, reported_message, channel, created_at
        case custom_report_category_name
    }
}

extension ReportRecord {
    init(row: Row) {
        id = row[Columns.id]
        type = row[Columns.report_type]
        category = ReportCategory(rawValue: row[Columns.report_category]) ?? .suspicious
        customCategoryName = row[Columns.custom_report_category_name]
        description = row[Columns.report_description]
        channelType = (row[Columns.channel_type] as String?).flatMap(ChannelType.init(rawValue:))
        channelURL = row[Columns.channel_url]
        messageID = row[Columns.message_id]
        offendingUserID = row[Columns.offending_user_id]
        reportingUser = row[Columns.reporting_user]
        offendingUser = row[Columns.offending_user]
        reportedMessage = row[Columns.reported_message]
        channel = row[Columns.channel]
        createdAt = row[Columns.created_at]
    }
}

/// Which reports a list holds.
enum ReportTarget: Sendable {
    case all(from: Int64?, to: Int64?)
    case message(channelURL: String, messageID: Int64)
    case user(String)
    case channel(String)
}
