import Foundation
import HTTPTypes
import Hummingbird

/// The overview page and the users pages.
extension ConsoleRoutes {
    // MARK: Overview

    func registerOverview(on group: RouterGroup<RoostContext>) {
        page(group, "", overviewPage)
    }

    struct Day {
        let year: Int
        let month: Int
        let day: Int
        var text: String { String(format: "%04d-%02d-%02d", year, month, day) }
    }

    /// The last `count` UTC days up to the one holding `now` (ms), oldest first.
    static func lastDays(_ count: Int, endingAt now: Int64) -> [Day] {
        let today = now / 86_400_000
        return (0..<Int64(count)).reversed().map { back in
            let date = StatisticsRange.civil(today - back)
            return Day(year: date.year, month: date.month, day: date.day)
        }
    }

    // MARK: Users

    func registerUsers(on group: RouterGroup<RoostContext>) {
        page(group, "users", usersPage)
        page(group, "users/:user_id", userPage)
        action(group, "users/:user_id/active", setActive)
        action(group, "users/:user_id/session-token", issueSessionToken)
    }

    @Sendable func overviewPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let totals = try await database.read { db in try repository.totals(in: db) }
        let days = Self.lastDays(14, endingAt: clock.now)
        let (first, last) = (days[0], days[days.count - 1])
        let metric = try await call(
            .get,
            "/v3/statistics/metric?metric_type=messages&time_dimension=daily&start_year=\(first.year)&start_month=\(first.month)"
                + "&start_day=\(first.day)&end_year=\(last.year)&end_month=\(last.month)&end_day=\(last.day)",
            as: ConsoleAnswers.Metric.self, session, context
        )
        var messagesPerDay: [String: Double] = [:]
        for value in metric.answer?.values ?? [] { messagesPerDay[value.date] = value.value }
        var active: [(label: String, value: Double)] = []
        for day in days {
            let dau = try await call(.get, "/v3/applications/dau?date=\(day.text)", as: ConsoleAnswers.DailyActiveUsers.self, session, context)
            active.append((day.text, Double(dau.answer?.dau ?? 0)))
        }
        return show("overview", ConsolePages.Overview(
            users: totals.users, groupChannels: totals.groupChannels, openChannels: totals.openChannels, messages: totals.messages,
            messagesChart: ConsoleCharts.bars(days.map { (label: $0.text, value: messagesPerDay[$0.text] ?? 0) }, id: "messages-chart"),
            dauChart: ConsoleCharts.bars(active, id: "dau-chart")
        ), session)
    }

    @Sendable func usersPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let query = request.query
        let search = query.string("q")?.trimmingCharacters(in: .whitespaces) ?? ""
        let byID = query.string("by_id") == "1"
        var path = "/v3/users?limit=20"
        if !search.isEmpty { path += byID ? "&user_ids=\(Self.encoded(search))" : "&nickname_startswith=\(Self.encoded(search))" }
        if let token = query.string("token") { path += "&token=\(Self.encoded(token))" }
        let listed = try await call(.get, path, as: ConsoleAnswers.Users.self, session, context).answered()
        let next = listed.next.flatMap { $0.isEmpty ? nil : $0 }
        return show("users", ConsolePages.Users(
            query: search, byID: byID, users: listed.users.map(ConsolePages.UserRow.init),
            nextLink: next.map { "/console/users?q=\(Self.encoded(search))&by_id=\(byID ? "1" : "0")&token=\(Self.encoded($0))" }
        ), session)
    }

    @Sendable func userPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let userID = try context.pathParameter("user_id")
        let user = try await call(.get, "/v3/users/\(Self.encoded(userID))", as: ConsoleAnswers.User.self, session, context)
            .answered(else: .notFound)
        let channels = try await call(
            .get, "/v3/users/\(Self.encoded(userID))/my_group_channels?limit=20&show_empty=true", as: ConsoleAnswers.Channels.self, session,
            context
        )
        return show("user", ConsolePages.User(
            user: ConsolePages.UserRow(user), profileURL: user.profileURL ?? "", createdAt: Int(user.createdAt ?? 0),
            metadata: ConsolePages.Item.items(of: user.metadata),
            channels: (channels.answer?.channels ?? []).map { ConsolePages.ChannelRow($0, kind: "group") }
        ), session)
    }

    @Sendable func setActive(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let userID = try context.pathParameter("user_id")
        let active = form["active"] == "true"
        let reply = try await call(.put, "/v3/users/\(Self.encoded(userID))", body: ConsoleRequests.Activation(isActive: active), session, context)
        tell(session, reply, done: active ? "\(userID) is active again." : "\(userID) is deactivated.")
        return "/console/users/\(Self.encoded(userID))"
    }

    @Sendable func issueSessionToken(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let userID = try context.pathParameter("user_id")
        let reply = try await call(
            .post, "/v3/users/\(Self.encoded(userID))/token", body: EmptyObject(), as: ConsoleAnswers.SessionToken.self, session, context
        )
        tell(session, reply, done: "Session token for \(userID): \(reply.answer?.token ?? "")")
        return "/console/users/\(Self.encoded(userID))"
    }
}
