import Hummingbird

/// `/v3/applications/dau`, `mau`, `ccu`, `peak_connections` and `/v3/statistics/metric`.
struct StatisticsRoutes: Sendable {
    let statistics: StatisticsService

    /// Sendbird's bounds: 62 days or 12 months of peak connections at once.
    static let maxPeakDays = 62
    static let maxPeakMonths = 12
    /// Roost's bounds on one metric request, so that an answer stays small.
    static let maxMetricDays = 366
    static let maxMetricMonths = 120

    func register(applications: RouterGroup<RoostContext>, statistics group: RouterGroup<RoostContext>) {
        applications.get("dau", use: dau)
        applications.get("mau", use: mau)
        applications.get("ccu", use: ccu)
        applications.get("peak_connections", use: peakConnections)
        group.get("metric", use: metric)
    }

    @Sendable func dau(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        DailyActiveUsers(dau: try await statistics.dailyActiveUsers(on: request.query.string("date")))
    }

    @Sendable func mau(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        MonthlyActiveUsers(mau: try await statistics.monthlyActiveUsers(upTo: request.query.string("date")))
    }

    @Sendable func ccu(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        ConcurrentConnections(ccu: try await statistics.concurrentConnections())
    }

    @Sendable func peakConnections(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let range = try StatisticsRange(request.query, maxDays: Self.maxPeakDays, maxMonths: Self.maxPeakMonths)
        return PeakConnections(peakConnections: try await statistics.peakConnections(range).map { .init(date: $0.date, peakConnections: $0.value) })
    }

    @Sendable func metric(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        guard let name = query.string("metric_type") else { throw APIError.missing("metric_type") }
        guard let metric = AnalyticsMetric(rawValue: name) else {
            throw APIError.invalid("metric_type", "Give one of: \(AnalyticsMetric.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if query.string("segments") != nil {
            throw APIError.invalid("segments", "Roost does not split metrics into segments.")
        }
        let range = try StatisticsRange(query, maxDays: Self.maxMetricDays, maxMonths: Self.maxMetricMonths)
        // Pages of up to 1,000 values (Sendbird's default and most), after the `token`'s date.
        let request = try query.pageRequest(defaultLimit: 1000, maxLimit: 1000)
        let after = try request.after.map { cursor throws(APIError) in try cursor.string(at: 0) }
        let values = try await statistics.metric(metric, over: range).filter { value in after.map { value.date > $0 } ?? true }
        let page = Page(fetched: Array(values.prefix(request.fetchLimit)), request: request) { PageCursor([$0.date]) }
        return MetricValues(values: page.items.map { .init(date: $0.date, value: MetricNumber(value: $0.value)) }, next: page.next)
    }
}

struct DailyActiveUsers: ResponseEncodable, Encodable {
    let dau: Int
}

struct MonthlyActiveUsers: ResponseEncodable, Encodable {
    let mau: Int
}

struct ConcurrentConnections: ResponseEncodable, Encodable {
    let ccu: Int
}

struct PeakConnections: ResponseEncodable, Encodable {
    struct Day: Encodable {
        let date: String
        let peakConnections: Int

        enum CodingKeys: String, CodingKey { case date, peakConnections = "peak_connections" }
    }

    let peakConnections: [Day]

    enum CodingKeys: String, CodingKey { case peakConnections = "peak_connections" }
}

/// A metric's values, one a day or a month, as Sendbird's analytics answer them.
struct MetricValues: ResponseEncodable, Encodable {
    struct Item: Encodable {
        let date: String
        let value: MetricNumber
    }

    let values: [Item]
    let next: String
}

/// A metric's value: a whole number written as an integer, as Sendbird writes them.
struct MetricNumber: Encodable {
    let value: Double

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if value == value.rounded() { try container.encode(Int(value)) } else { try container.encode(value) }
    }
}
