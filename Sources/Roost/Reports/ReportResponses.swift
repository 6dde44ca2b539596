import Hummingbird

/// A report as Sendbird answers it. The snapshots are written back exactly as stored, so the
/// same report always answers the same bytes. What a report does not concern is left out
/// rather than null, which the official SDK refuses.
struct ReportBody: Encodable, ResponseEncodable {
    let reportType: String
    let reportCategory: String
    let customReportCategoryName: String?
    let reportingUser: RawJSON?
    let offendingUser: RawJSON?
    let reportedMessage: RawJSON?
    let channel: RawJSON?
    let reportDescription: String
    let createdAt: Int64

    enum CodingKeys: String, CodingKey {
        case reportType = "report_type", reportCategory = "report_category", customReportCategoryName = "custom_report_category_name"
        case reportingUser = "reporting_user", offendingUser = "offending_user", reportedMessage = "reported_message", channel
        case reportDescription = "report_description", createdAt = "created_at"
    }

    init(report: ReportRecord) {
        reportType = report.type
        reportCategory = report.category.rawValue
        customReportCategoryName = report.customCategoryName
        reportingUser = report.reportingUser.map(RawJSON.init)
        offendingUser = report.offendingUser.map(RawJSON.init)
        reportedMessage = report.reportedMessage.map(RawJSON.init)
        channel = report.channel.map(RawJSON.init)
        reportDescription = report.description
        createdAt = report.createdAt
    }
}

struct ReportList: ResponseEncodable {
    let reportLogs: [ReportBody]
    let next: String

    enum CodingKeys: String, CodingKey { case reportLogs = "report_logs", next }
}
