import Hummingbird

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
        // The snapshots are written back exactly as stored, so the same report always answers
        // the same bytes. What a report does not concern is left out rather than null, which
        // the official SDK refuses.
        try container.encodeIfPresent(report.reportingUser.map(RawJSON.init), forKey: .reportingUser)
        try container.encodeIfPresent(report.offendingUser.map(RawJSON.init), forKey: .offendingUser)
        try container.encodeIfPresent(report.reportedMessage.map(RawJSON.init), forKey: .reportedMessage)
        try container.encodeIfPresent(report.channel.map(RawJSON.init), forKey: .channel)
        try container.encode(report.description, forKey: .reportDescription)
        try container.encode(report.createdAt, forKey: .createdAt)
    }
}

struct ReportList: ResponseEncodable {
    let reportLogs: [ReportBody]
    let next: String

    enum CodingKeys: String, CodingKey { case reportLogs = "report_logs", next }
}
