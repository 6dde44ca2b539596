struct ReportRepository: Sendable {
    private static let columns = ReportRecord.Columns.qualified(by: "reports")

    func insert(_ report: ReportRecord, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO reports (report_type, report_category, custom_report_category_name, report_description, channel_type,
                    channel_url, message_id, offending_user_id, reporting_user, offending_user, reported_message, channel, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                report.type, report.category.rawValue, report.customCategoryName, report.description, report.channelType?.rawValue,
                report.channelURL, report.messageID, report.offendingUserID, report.reportingUser, report.offendingUser,
                report.reportedMessage, report.channel, report.createdAt,
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
            db, sql: "SELECT \(Self.columns) FROM reports \(conditions.whereClause) ORDER BY id LIMIT \(limit)", arguments: conditions.arguments
        )
    }
}
