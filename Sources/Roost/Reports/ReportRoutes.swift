import Hummingbird

/// `/v3/report/...`: filing and reading reports.
struct ReportRoutes: Sendable {
    let reports: ReportService

    func register(on group: RouterGroup<RoostContext>) {
        group.get(use: list)
        group.post("users/:offending_user_id", use: reportUser)
        group.get("users/:offending_user_id", use: userReports)
        for type in ChannelType.allCases {
            group.post(RouterPath("\(type.rawValue)/:channel_url/messages/:message_id"), use: reportMessage)
            group.get(RouterPath("\(type.rawValue)/:channel_url/messages/:message_id"), use: messageReports)
            group.post(RouterPath("\(type.rawValue)/:channel_url"), use: reportChannel)
            group.get(RouterPath("\(type.rawValue)/:channel_url"), use: channelReports)
        }
    }

    @Sendable func list(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        let page = try await reports.reports(
            .all(from: try query.int64("start_ts"), to: try query.int64("end_ts")), page: try query.pageRequest()
        )
        return ReportList(reportLogs: page.items.map(ReportBody.init), next: page.next)
    }

    @Sendable func reportUser(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        ReportBody(
            report: try await reports.reportUser(
                try context.pathParameter("offending_user_id"), try await request.decodeJSON(ReportRequest.self)
            )
        )
    }

    @Sendable func userReports(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let page = try await reports.reports(.user(try context.pathParameter("offending_user_id")), page: try request.query.pageRequest())
        return ReportList(reportLogs: page.items.map(ReportBody.init), next: page.next)
    }

    @Sendable func reportMessage(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        return ReportBody(
            report: try await reports.reportMessage(
                try context.messageID(), in: type, url, try await request.decodeJSON(ReportRequest.self)
            )
        )
    }

    @Sendable func messageReports(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let url = try context.channelURL()
        let page = try await reports.reports(
            .message(channelURL: url, messageID: try context.messageID()), page: try request.query.pageRequest()
        )
        return ReportList(reportLogs: page.items.map(ReportBody.init), next: page.next)
    }

    @Sendable func reportChannel(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        return ReportBody(report: try await reports.reportChannel(url, in: type, try await request.decodeJSON(ReportRequest.self)))
    }

    @Sendable func channelReports(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let url = try context.channelURL()
        let page = try await reports.reports(.channel(url), page: try request.query.pageRequest())
        return ReportList(reportLogs: page.items.map(ReportBody.init), next: page.next)
    }
}
