import Foundation

/// Sendbird's statistics, counted from what Roost recorded: daily and monthly active users
/// (a user is active on a UTC day they send a message, mark a channel read or open their own
/// event stream), connections (user event streams) now and at their daily peak, and the
/// advanced analytics metrics, from the messages, channels and users tables.
struct StatisticsService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    /// Senders are counted active a moment after their sends; answers wait for that.
    let senders: EventFollower<SenderActivity>
    private let statistics = StatisticsRepository()
    private static let day = UserActivityRepository.dayLength

    func dailyActiveUsers(on date: String?) async throws -> Int {
        await senders.caughtUp()
        let day = try date.map { date throws(APIError) in try Self.day(of: date, parameter: "date") } ?? clock.now / Self.day
        return try await database.read { db in try statistics.activeUsers(onDay: day, in: db) }
    }

    /// Users active in the month of `date`, from its first day up to `date`.
    func monthlyActiveUsers(upTo date: String?) async throws -> Int {
        await senders.caughtUp()
        let last = try date.map { date throws(APIError) in try Self.day(of: date, parameter: "date") } ?? clock.now / Self.day
        let first = Self.firstDayOfMonth(last)
        return try await database.read { db in try statistics.activeUsers(fromDay: first, throughDay: last, in: db) }
    }

    func concurrentConnections() async throws -> Int {
        try await database.read(statistics.openStreams)
    }

    /// The day's (or month's) highest number of connections at once, for each day (month)
    /// of the range, zero where none were open.
    func peakConnections(_ range: StatisticsRange) async throws -> [(date: String, value: Int)] {
        let peaks = try await database.read { db in try statistics.connectionPeaks(fromDay: range.firstDay, throughDay: range.lastDay, in: db) }
        return range.buckets.map { bucket in
            (bucket.label, bucket.days.map { peaks[$0] ?? 0 }.max() ?? 0)
        }
    }

    /// Sendbird's statistics overview: advanced analytics start on 2020-03-01 (UTC), but for
    /// message viewers; a period before it has no value at all, not a zero.
    static let firstAnalyticsDay = StatisticsRange.daysSince1970(year: 2020, month: 3, day: 1) ?? 0

    /// One advanced analytics metric over the range, a value for each day (month).
    func metric(_ metric: AnalyticsMetric, over range: StatisticsRange) async throws -> [(date: String, value: Double)] {
        await senders.caughtUp()
        let buckets = metric == .messageViewers ? range.buckets : range.buckets.filter { $0.days.lowerBound >= Self.firstAnalyticsDay }
        return try await database.read { db in
            try buckets.map { bucket in
                let start = bucket.days.lowerBound, end = bucket.days.upperBound + 1
                return (bucket.label, try statistics.value(of: metric, from: start * Self.day, to: end * Self.day, days: start..<end, in: db))
            }
        }
    }

    static func day(of date: String, parameter: String) throws(APIError) -> Int64 {
        let parts = date.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let days = StatisticsRange.calendarDay(year: year, month: month, day: day)
        else { throw .invalid(parameter, "Give a date as YYYY-MM-DD.") }
        return days
    }

    private static func firstDayOfMonth(_ day: Int64) -> Int64 {
        let (year, month, _) = StatisticsRange.civil(day)
        return StatisticsRange.daysSince1970(year: year, month: month, day: 1) ?? day
    }
}

/// The advanced analytics metrics Sendbird offers.
enum AnalyticsMetric: String, Sendable, CaseIterable {
    case messages, messagesPerUser = "messages_per_user", createdChannels = "created_channels"
    case activeChannels = "active_channels", messageSenders = "message_senders", messageViewers = "message_viewers"
    case createdUsers = "created_users", deactivatedUsers = "deactivated_users", deletedUsers = "deleted_users"
}
