import Foundation
import GRDB
import Hummingbird

/// Any JSON value, for the snapshots reports keep as they were taken.
indirect enum JSONFragment: Codable, Sendable {
    case null, bool(Bool), number(Double), integer(Int64), string(String), array([JSONFragment]), object([String: JSONFragment])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONFragment].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONFragment].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Stored JSON text read back.
    init(stored text: String) {
        self = (try? JSON.decoder.decode(JSONFragment.self, from: Data(text.utf8))) ?? .null
    }
}

enum ReportCategory: String, Codable, Sendable {
    case suspicious, harassing, inappropriate, spam
}

/// A report as stored: what was reported, by whom, and snapshots of it all as JSON text.
struct ReportRecord: Sendable, FetchableRecord {
    var id: Int64 = 0
    var type: String
    var category: ReportCategory
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

    init(
        type: String, category: ReportCategory, description: String, channelType: ChannelType?, channelURL: String?,
        messageID: Int64?, offendingUserID: String?, reportingUser: String?, offendingUser: String?,
        reportedMessage: String?, channel: String?, createdAt: Int64
    ) {
        self.type = type
        self.category = category
        self.description = description
        self.channelType = channelType
        self.channelURL = channelURL
        self.messageID = messageID
        self.offendingUserID = offendingUserID
        self.reportingUser = reportingUser
        self.offendingUser = offendingUser
        self.reportedMessage = reportedMessage
        self.channel = channel
        self.createdAt = createdAt
    }

    init(row: Row) {
        id = row["id"]
        type = row["report_type"]
        category = ReportCategory(rawValue: row["report_category"]) ?? .suspicious
        description = row["report_description"]
        channelType = (row["channel_type"] as String?).flatMap(ChannelType.init(rawValue:))
        channelURL = row["channel_url"]
        messageID = row["message_id"]
        offendingUserID = row["offending_user_id"]
        reportingUser = row["reporting_user"]
        offendingUser = row["offending_user"]
        reportedMessage = row["reported_message"]
        channel = row["channel"]
        createdAt = row["created_at"]
    }
}

/// Which reports a list holds.
enum ReportTarget: Sendable {
    case all(from: Int64?, to: Int64?)
    case message(channelURL: String, messageID: Int64)
    case user(String)
    case channel(String)
}

struct ReportRepository: Sendable {
    func insert(_ report: ReportRecord, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO reports (report_type, report_category, report_description, channel_type, channel_url, message_id,
                    offending_user_id, reporting_user, offending_user, reported_message, channel, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                report.type, report.category.rawValue, report.description, report.channelType?.rawValue, report.channelURL,
                report.messageID, report.offendingUserID, report.reportingUser, report.offendingUser, report.reportedMessage,
                report.channel, report.createdAt,
            ]
        )
    }

    /// One page of reports, oldest first, after the id of the previous page's last report.
    func page(_ target: ReportTarget, after: Int64?, limit: Int, in db: Database) throws -> [ReportRecord] {
        var conditions = Conditions()
        conditions.add("id > ?", [after ?? 0])
        switch target {
        case .all(let from, let to):
            if let from { conditions.add("created_at >= ?", [from]) }
            if let to { conditions.add("created_at <= ?", [to]) }
        case .message(let url, let id):
            conditions.add("channel_url = ? AND message_id = ?", [url, id])
        case .user(let userID):
            conditions.add("offending_user_id = ?", [userID])
        case .channel(let url):
            conditions.add("channel_url = ? AND report_type = 'channel'", [url])
        }
        return try ReportRecord.fetchAll(
            db, sql: "SELECT * FROM reports \(conditions.whereClause) ORDER BY id LIMIT \(limit)", arguments: conditions.arguments
        )
    }
}

/// A report as Sendbird answers it.
struct ReportBody: Encodable, ResponseEncodable {
    let report: ReportRecord

    enum CodingKeys: String, CodingKey {
        case reportType = "report_type", reportCategory = "report_category", reportingUser = "reporting_user"
        case offendingUser = "offending_user", reportedMessage = "reported_message", channel
        case reportDescription = "report_description", createdAt = "created_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(report.type, forKey: .reportType)
        try container.encode(report.category.rawValue, forKey: .reportCategory)
        // What a report does not concern is left out rather than null, which the official SDK refuses.
        try container.encodeIfPresent(report.reportingUser.map(JSONFragment.init(stored:)), forKey: .reportingUser)
        try container.encodeIfPresent(report.offendingUser.map(JSONFragment.init(stored:)), forKey: .offendingUser)
        try container.encodeIfPresent(report.reportedMessage.map(JSONFragment.init(stored:)), forKey: .reportedMessage)
        try container.encodeIfPresent(report.channel.map(JSONFragment.init(stored:)), forKey: .channel)
        try container.encode(report.description, forKey: .reportDescription)
        try container.encode(report.createdAt, forKey: .createdAt)
    }
}

struct ReportList: ResponseEncodable {
    let reportLogs: [ReportBody]
    let next: String

    enum CodingKeys: String, CodingKey { case reportLogs = "report_logs", next }
}
