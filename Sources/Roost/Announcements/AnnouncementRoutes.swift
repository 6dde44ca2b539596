import Hummingbird

/// `/v3/announcements` and the announcement statistics routes.
struct AnnouncementRoutes: Sendable {
    let announcements: AnnouncementService
    let clock: WallClock

    func register(on api: RouterGroup<RoostContext>) {
        api.post("announcements", use: create)
        api.get("announcements", use: list)
        api.get("announcements/:unique_id", use: announcement)
        api.put("announcements/:unique_id", use: update)
        api.get("announcement_group", use: groups)
        api.get("announcement_open_rate/:unique_id", use: openRate)
        api.get("announcement_open_rate_by_group/:announcement_group", use: openRateByGroup)
        api.get("announcement_open_status/:unique_id", use: openStatus)
        api.get("announcement_stats/daily", use: dailyStatistics)
        api.get("announcement_stats/weekly", use: weeklyStatistics)
        api.get("announcement_stats/monthly", use: monthlyStatistics)
    }

    @Sendable func create(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await announcements.create(try await request.decodeJSON(AnnouncementRequest.self))
    }

    @Sendable func list(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        let status = try query.string("status").map { name throws(APIError) in
            guard let status = AnnouncementStatus(rawValue: name) else { throw .invalid("status") }
            return status
        }
        let order = query.string("order") ?? "created_at"
        guard ["created_at", "scheduled_at"].contains(order) else { throw APIError.invalid("order") }
        return AnnouncementList(page: try await announcements.list(
            status: status, group: query.string("announcement_group"), byScheduledAt: order == "scheduled_at",
            page: try query.pageRequest()
        ))
    }

    @Sendable func announcement(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await announcements.announcement(try context.pathParameter("unique_id"))
    }

    @Sendable func update(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await announcements.update(try context.pathParameter("unique_id"), try await request.decodeJSON(AnnouncementRequest.self))
    }

    @Sendable func groups(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        AnnouncementGroupList(page: try await announcements.groups(page: try request.query.pageRequest()))
    }

    @Sendable func openRate(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await announcements.openRate(uniqueID: try context.pathParameter("unique_id"), group: nil, days: try request.query.int("days") ?? 7)
    }

    @Sendable func openRateByGroup(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await announcements.openRate(uniqueID: nil, group: try context.pathParameter("announcement_group"), days: try request.query.int("days") ?? 7)
    }

    @Sendable func openStatus(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        // The page cursor is `token` on Sendbird's pages and `next` in its SDK.
        var page = try query.pageRequest()
        if page.after == nil, let next = query.string("next"), !next.isEmpty { page = PageRequest(limit: page.limit, after: try PageCursor(token: next)) }
        return AnnouncementOpenStatusList(page: try await announcements.openStatus(
            try context.pathParameter("unique_id"),
            userIDs: (query.list("unique_ids") ?? query.list("unique_ids[]")).map(Set.init),
            channelURLs: (query.list("channel_urls") ?? query.list("channel_urls[]")).map(Set.init),
            opened: try query.bool("has_opened"), page: page
        ))
    }

    @Sendable func dailyStatistics(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await statistics(.daily, request)
    }

    @Sendable func weeklyStatistics(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await statistics(.weekly, request)
    }

    @Sendable func monthlyStatistics(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await statistics(.monthly, request)
    }

    private func statistics(_ period: AnnouncementPeriod, _ request: Request) async throws -> AnnouncementStatisticsList {
        let query = request.query
        let (start, end) = (query.string(period.startParameter), query.string(period.endParameter))
        // Sendbird's page requires both ends. SDK 0.0.16 sends them for daily statistics, but its
        // weekly and monthly calls have no such parameters: those read the current period.
        if period == .daily {
            guard start != nil else { throw APIError.missing(period.startParameter) }
            guard end != nil else { throw APIError.missing(period.endParameter) }
        }
        let ranges = try period.ranges(from: start, to: end, now: clock.now)
        return AnnouncementStatisticsList(statistics: try await announcements.statistics(periods: ranges, group: query.string("announcement_group")))
    }
}

/// The periods announcement statistics come in, with their parameters and labels
/// (`2024-01-31`, `2024-W5`, `2024-01`); a range not given is the current period.
enum AnnouncementPeriod: String, CaseIterable, Sendable {
    case daily, weekly, monthly

    var startParameter: String {
        switch self {
        case .daily: "start_date"
        case .weekly: "start_week"
        case .monthly: "start_month"
        }
    }

    var endParameter: String {
        switch self {
        case .daily: "end_date"
        case .weekly: "end_week"
        case .monthly: "end_month"
        }
    }

    /// At most this many periods in one request.
    var maxPeriods: Int {
        switch self {
        case .daily: 31
        case .weekly: 5
        case .monthly: 12
        }
    }

    func ranges(from start: String?, to end: String?, now: Int64) throws(APIError) -> [(label: String, start: Int64, end: Int64)] {
        let today = now / 86_400_000
        let first = try start.map { text throws(APIError) in try parse(text, parameter: startParameter) } ?? current(today)
        let last = try end.map { text throws(APIError) in try parse(text, parameter: endParameter) } ?? max(first, current(today))
        guard last >= first else { throw .invalid(endParameter, "The range ends before it starts.") }
        var periods: [(String, Int64, Int64)] = []
        var day = first
        while day <= last {
            guard periods.count < maxPeriods else { throw .outOfRange(endParameter, 1...maxPeriods) }
            let next = self.next(day)
            periods.append((label(day), day * 86_400_000, next * 86_400_000))
            day = next
        }
        return periods
    }

    /// The first day (since 1970) of the period that holds `day`.
    private func current(_ day: Int64) -> Int64 {
        switch self {
        case .daily: return day
        case .weekly: return day - Self.weekday(day)
        case .monthly:
            let (year, month, _) = StatisticsRange.civil(day)
            return StatisticsRange.daysSince1970(year: year, month: month, day: 1)!
        }
    }

    private func next(_ day: Int64) -> Int64 {
        switch self {
        case .daily: return day + 1
        case .weekly: return day + 7
        case .monthly:
            let (year, month, _) = StatisticsRange.civil(day)
            return StatisticsRange.daysSince1970(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)!
        }
    }

    private func label(_ day: Int64) -> String {
        let (year, month, dayOfMonth) = StatisticsRange.civil(day)
        switch self {
        case .daily: return String(format: "%04d-%02d-%02d", year, month, dayOfMonth)
        case .monthly: return String(format: "%04d-%02d", year, month)
        case .weekly:
            let (weekYear, week) = Self.isoWeek(of: day)
            return "\(weekYear)-W\(week)"
        }
    }

    private func parse(_ text: String, parameter: String) throws(APIError) -> Int64 {
        let parts = text.split(separator: "-").map(String.init)
        switch self {
        case .daily:
            if parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
               let day = StatisticsRange.calendarDay(year: y, month: m, day: d) { return day }
        case .monthly:
            if parts.count == 2, let y = Int(parts[0]), let m = Int(parts[1]),
               let day = StatisticsRange.calendarDay(year: y, month: m, day: 1) { return day }
        case .weekly:
            if parts.count == 2, let y = Int(parts[0]), parts[1].hasPrefix("W"), let w = Int(parts[1].dropFirst()), (1...53).contains(w),
               let january4 = StatisticsRange.calendarDay(year: y, month: 1, day: 4) {
                return january4 - Self.weekday(january4) + Int64(w - 1) * 7
            }
        }
        throw .invalid(parameter, "Give \(self == .daily ? "YYYY-MM-DD" : self == .weekly ? "YYYY-W#" : "YYYY-MM").")
    }

    /// Monday 0 ... Sunday 6; 1970-01-01 was a Thursday.
    private static func weekday(_ day: Int64) -> Int64 {
        ((day % 7) + 7 + 3) % 7
    }

    /// The ISO week-numbering year and week of a day.
    private static func isoWeek(of day: Int64) -> (year: Int, week: Int) {
        let thursday = day - weekday(day) + 3
        let year = StatisticsRange.civil(thursday).year
        let january1 = StatisticsRange.daysSince1970(year: year, month: 1, day: 1)!
        return (year, Int((thursday - january1) / 7) + 1)
    }
}
