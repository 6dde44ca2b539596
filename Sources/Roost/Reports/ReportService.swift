/// Reports of messages, users and channels, each keeping a snapshot of what was reported.
struct ReportService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    private let users = UserRepository()
    private let channels = ChannelRepository()
    private let reports = ReportRepository()
    private let lookup = MessageLookup()

    static let maxDescriptionLength = 250
    static let maxCustomCategoryNameLength = 50

    func reportMessage(_ messageID: Int64, in type: ChannelType, _ url: String, _ request: ReportRequest) async throws -> ReportRecord {
        try await file(request) { db in
            let (channel, message) = try lookup.existing(messageID, of: type, url, in: db)
            let built = try MessageAssembler().message(message, in: channel, options: MessageViewOptions(), in: db)
            let offender = try message.senderRowID.flatMap { try users.summary(ofRow: $0, in: db) }
            let report = ReportRecord(
                type: "message", category: request.reportCategory, description: request.reportDescription ?? "",
                channelType: type, channelURL: url, messageID: messageID, offendingUserID: offender?.userID,
                reportingUser: nil, offendingUser: offender.map { JSONColumn.encode(EmbeddedUser(user: $0)) },
                reportedMessage: JSONColumn.encode(built), channel: JSONColumn.encode(ChannelSnapshot(channel)),
                createdAt: 0
            )
            // The webhook shows the message as its message events do, not as the API answers it.
            return (report, ReportEventParts(offender: offender, message: EventMessage(message: built, channel: channel)))
        }
    }

    func reportUser(_ userID: String, _ request: ReportRequest) async throws -> ReportRecord {
        try await file(request) { db in
            let offender = try users.existingSummary(of: userID, in: db)
            // "Either open_channels or group_channels" (Sendbird's page); group channels when not given.
            let type = try request.channelType.flatMap { $0.isEmpty ? nil : $0 }.map { name throws(APIError) in
                guard let type = ChannelType(rawValue: name) else { throw .invalid("channel_type", "Give open_channels or group_channels.") }
                return type
            } ?? .group
            let channel = try request.channelURL.flatMap { $0.isEmpty ? nil : $0 }.map { url in
                try channels.existing(type, url: url, in: db)
            }
            return (ReportRecord(
                type: "user", category: request.reportCategory, description: request.reportDescription ?? "",
                channelType: channel?.type, channelURL: channel?.url, messageID: nil, offendingUserID: userID,
                reportingUser: nil, offendingUser: JSONColumn.encode(EmbeddedUser(user: offender)),
                reportedMessage: nil, channel: channel.map { JSONColumn.encode(ChannelSnapshot($0)) }, createdAt: 0
            ), ReportEventParts(offender: offender))
        }
    }

    func reportChannel(_ url: String, in type: ChannelType, _ request: ReportRequest) async throws -> ReportRecord {
        try await file(request) { db in
            let channel = try channels.existing(type, url: url, in: db)
            return (ReportRecord(
                type: "channel", category: request.reportCategory, description: request.reportDescription ?? "",
                channelType: type, channelURL: url, messageID: nil, offendingUserID: nil, reportingUser: nil,
                offendingUser: nil, reportedMessage: nil, channel: JSONColumn.encode(ChannelSnapshot(channel)), createdAt: 0
            ), ReportEventParts())
        }
    }

    func reports(_ target: ReportTarget, page request: PageRequest) async throws -> Page<ReportRecord> {
        try await database.read { db in
            let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
            let fetched = try reports.page(target, after: after, limit: request.fetchLimit, in: db)
            return Page(fetched: fetched, request: request) { PageCursor([String($0.id)]) }
        }
    }

    /// Stores a report built by `build`, adding the reporting user and the time; `build` also
    /// answers what the event shows in its own shape.
    private func file(
        _ request: ReportRequest, build: @escaping @Sendable (Database) throws -> (ReportRecord, ReportEventParts)
    ) async throws -> ReportRecord {
        if let description = request.reportDescription, description.count > Self.maxDescriptionLength {
            throw APIError.tooLong("report_description", max: Self.maxDescriptionLength)
        }
        let customName = try Self.customCategoryName(of: request)
        let now = clock.now
        return try await database.write { db in
            var (report, parts) = try build(db)
            report.customCategoryName = customName
            if let reporterID = request.reportingUserID, !reporterID.isEmpty {
                let reporter = try users.existingSummary(of: reporterID, in: db)
                report.reportingUser = JSONColumn.encode(EmbeddedUser(user: reporter))
                parts.reporter = reporter
            }
            report.createdAt = now
            try reports.insert(report, in: db)
            try record(report, parts, in: db)
            return report
        }
    }

    /// The name a `custom` category must give (and the others do not keep).
    private static func customCategoryName(of request: ReportRequest) throws(APIError) -> String? {
        guard request.reportCategory == .custom else { return nil }
        guard let name = request.customReportCategoryName, !name.isEmpty else { throw .missing("custom_report_category_name") }
        guard name.count <= maxCustomCategoryNameLength else { throw .tooLong("custom_report_category_name", max: maxCustomCategoryNameLength) }
        return name
    }

    /// `message:report`, `user:report` or `{group|open}_channel:report`. Users come in the short
    /// form of Sendbird's report webhook page, the channel as the report's snapshot. Like
    /// Sendbird's, the event gives `created_at` in seconds.
    private func record(_ report: ReportRecord, _ parts: ReportEventParts, in db: Database) throws {
        let category: EventCategory = switch report.type {
        case "message": .messageReport
        case "user": .userReport
        default: .channelReport(report.channelType ?? .group)
        }
        let payload = ReportEvent(
            createdAt: report.createdAt / 1000, reportType: report.type, reportCategory: report.category.rawValue,
            customReportCategoryName: report.customCategoryName, reportDescription: report.description,
            reportingUser: parts.reporter.map(EventUser.init), offendingUser: parts.offender.map(EventUser.init),
            reportedMessage: parts.message, channel: report.channel.map(RawJSON.init)
        )
        try events.record(category, payload, at: report.createdAt, channelURL: report.channelURL, in: db)
    }
}

/// What a report's event shows in the webhook's own shapes.
struct ReportEventParts {
    var reporter: UserSummary?
    var offender: UserSummary?
    var message: EventMessage?
}

private struct ReportEvent: Encodable {
    let createdAt: Int64
    let reportType: String
    let reportCategory: String
    let customReportCategoryName: String?
    let reportDescription: String
    let reportingUser: EventUser?
    let offendingUser: EventUser?
    let reportedMessage: EventMessage?
    let channel: RawJSON?

    enum CodingKeys: String, CodingKey {
        case createdAt = "created_at", reportType = "report_type", reportCategory = "report_category"
        case customReportCategoryName = "custom_report_category_name", reportDescription = "report_description"
        case reportingUser = "reporting_user", offendingUser = "offending_user", reportedMessage = "reported_message", channel
    }
}
