import Hummingbird

/// A report as Sendbird answers it.
struct ReportBody: JSONObject, ResponseEncodable {
    let report: ReportRecord

    func write(to fields: inout JSONFields) throws {
        try fields.write("report_type", report.type)
        try fields.write("report_category", report.category.rawValue)
        try fields.writeIfPresent("custom_report_category_name", report.customCategoryName)
        // The snapshots are written back exactly as stored, so the same report always answers
        // the same bytes. What a report does not concern is left out rather than null, which
        // the official SDK refuses.
        try fields.writeIfPresent("reporting_user", report.reportingUser.map(RawJSON.init))
        try fields.writeIfPresent("offending_user", report.offendingUser.map(RawJSON.init))
        try fields.writeIfPresent("reported_message", report.reportedMessage.map(RawJSON.init))
        try fields.writeIfPresent("channel", report.channel.map(RawJSON.init))
        try fields.write("report_description", report.description)
        try fields.write("created_at", report.createdAt)
    }
}

struct ReportList: ResponseEncodable {
    let reportLogs: [ReportBody]
    let next: String

    enum CodingKeys: String, CodingKey { case reportLogs = "report_logs", next }
}
