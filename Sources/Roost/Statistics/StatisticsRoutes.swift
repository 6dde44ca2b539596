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
        Count(key: "dau", value: try await statistics.dailyActiveUsers(on: request.query.string("date")))
    }

    @Sendable func mau(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        Count(key: "mau", value: try await statistics.monthlyActiveUsers(upTo: request.query.string("date")))
    }

    @Sendable func ccu(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        Count(key: "ccu", value: try await statistics.concurrentConnections())
    }

    @Sendable func peakConnections(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let range = try StatisticsRange(request.query, maxDays: Self.maxPeakDays, maxMonths: Self.maxPeakMonths)
        return PeakConnections(peaks: try await statistics.peakConnections(range))
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
        return MetricValues(values: page.items, next: page.next)
    }
}

struct Count: ResponseEncodable, JSONObject {
    let key: String
    let value: Int

    func write(to fields: inout JSONFields) throws {
        try fields.write(key, value)
    }
}

struct PeakConnections: ResponseEncodable, JSONObject {
    let peaks: [(date: String, value: Int)]

    private struct Item: JSONObject {
        let date: String
        let value: Int

        func write(to fields: inout JSONFields) throws {
            try fields.write("date", date)
            try fields.write("peak_connections", value)
        }
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("peak_connections", peaks.map { Item(date: $0.date, value: $0.value) })
    }
}

/// A metric's values, one a day or a month, as Sendbird's analytics answer them; whole
/// numbers are written as integers.
struct MetricValues: ResponseEncodable, JSONObject {
    let values: [(date: String, value: Double)]
    let next: String

    private struct Item: JSONObject {
        let date: String
        let value: Double

        func write(to fields: inout JSONFields) throws {
            try fields.write("date", date)
            if value == value.rounded() { try fields.write("value", Int(value)) } else { try fields.write("value", value) }
        }
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("values", values.map { Item(date: $0.date, value: $0.value) })
        try fields.write("next", next)
    }
}
