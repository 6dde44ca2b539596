import Testing

/// Runs `scenario` (which answers every body it read) against a server that keeps answers in
/// memory and against one that keeps none, and records each body that differs; expects the
/// first to have answered more than `minimumHits` from memory, as its metric `hitsMetric` counts.
func expectSameAnswersWithAndWithoutCache(
    minimumHits: [String: Int], engine: TestEngine = .configured, sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: @Sendable (API, TestClock) async throws -> [String]
) async throws {
    let withoutClock = TestClock()
    let built = try await withServer(clock: withoutClock, answerCacheSize: 0, engine: engine) { api in try await scenario(api, withoutClock) }
    let withClock = TestClock()
    let (kept, metrics) = try await withServer(clock: withClock, engine: engine) { api in
        (try await scenario(api, withClock), try await api.get("/metrics").text)
    }
    #expect(kept.count == built.count, sourceLocation: sourceLocation)
    for (fromMemory, fresh) in zip(kept, built) where fromMemory != fresh {
        Issue.record("from memory: \(fromMemory)\nbuilt:       \(fresh)", sourceLocation: sourceLocation)
    }
    for (metric, minimum) in minimumHits {
        let hits = metrics.split(separator: "\n").first { $0.hasPrefix(metric + " ") }?.split(separator: " ").last
        #expect(Int(hits ?? "0") ?? 0 > minimum, "\(metric): \(hits ?? "none")", sourceLocation: sourceLocation)
    }
}
