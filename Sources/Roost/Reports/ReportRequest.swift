struct ReportRequest: Decodable {
    var reportCategory: ReportCategory
    var customReportCategoryName: String?
    var reportingUserID: String?
    var reportDescription: String?
    var offendingUserID: String?
    var channelType: String?
    var channelURL: String?

    enum CodingKeys: String, CodingKey {
        case reportCategory = "report_category", customReportCategoryName = "custom_report_category_name"
        case reportingUserID = "reporting_user_id"
        case reportDescription = "report_description", offendingUserID = "offending_user_id"
        case channelType = "channel_type", channelURL = "channel_url"
    }
}
