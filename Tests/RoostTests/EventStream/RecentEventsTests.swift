import GRDB
import Testing

@testable import Roost

/// Live streams share the newest events from memory: what is kept matches the log, filtered
/// the same way, and a reader older than what is kept is sent to the log.
@Suite struct RecentEventsTests {
    struct Note: JSONObject {
        func write(to fields: inout JSONFields) throws {}
    }

    @Test func keepsTheNewestEventsAsTheLogHasThem() async throws {
        let database = try AppDatabase(DatabaseQueue())
        let log = EventLog(applicationID: "test")
        let recent = RecentEvents(database: database, notifier: log.notifier, capacity: 4)
        func record(_ categories: [EventCategory]) async throws {
            try await database.write { db in
                for category in categories { try log.record(category, Note(), at: 1, in: db) }
            }
            log.notifier.committed()
        }

        try await record([.userBlock])
        // The first read starts at the head of the log: seq 1 is older than what is kept.
        #expect(try await recent.events(after: 0, matching: EventFilter(), limit: 10, asOf: log.notifier.current) == nil)
        #expect(try await recent.events(after: 1, matching: EventFilter(), limit: 10, asOf: log.notifier.current) == [])

        try await record([.userBlock, .userUnblock, .userBlock])
        let all = try #require(try await recent.events(after: 1, matching: EventFilter(), limit: 10, asOf: log.notifier.current))
        #expect(all.map(\.seq) == [2, 3, 4])
        let fromLog = try await database.read { db in try EventRepository().events(after: 1, matching: EventFilter(), limit: 10, in: db) }
        #expect(all == fromLog)
        let unblocks = try await recent.events(after: 1, matching: EventFilter(categories: ["user:unblock"]), limit: 10, asOf: log.notifier.current)
        #expect(unblocks?.map(\.seq) == [3])
        #expect(try await recent.events(after: 2, matching: EventFilter(), limit: 1, asOf: log.notifier.current)?.map(\.seq) == [3])

        // Beyond the capacity, the oldest go: a reader behind them reads the log.
        try await record([.userBlock, .userBlock])
        #expect(try await recent.events(after: 1, matching: EventFilter(), limit: 10, asOf: log.notifier.current) == nil)
        #expect(try await recent.events(after: 2, matching: EventFilter(), limit: 10, asOf: log.notifier.current)?.map(\.seq) == [3, 4, 5, 6])
    }

    @Test(.timeLimit(.minutes(1))) func manyReadersWhileEventsCommitAllCatchUp() async throws {
        let database = try AppDatabase(DatabaseQueue())
        let log = EventLog(applicationID: "test")
        let recent = RecentEvents(database: database, notifier: log.notifier, capacity: 1_000)
        try await database.write { db in _ = try log.record(.userBlock, Note(), at: 1, in: db) }
        log.notifier.committed()
        _ = try await recent.events(after: 0, matching: EventFilter(), limit: 1, asOf: log.notifier.current)

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<50 {
                    try await database.write { db in _ = try log.record(.userUnblock, Note(), at: 1, in: db) }
                    log.notifier.committed()
                }
            }
            for _ in 0..<20 {
                group.addTask {
                    var seen: Int64 = 1
                    while seen < 51 {
                        let generation = log.notifier.current
                        let events = try await recent.events(after: seen, matching: EventFilter(), limit: 10, asOf: generation) ?? []
                        #expect(events.map(\.seq) == Array((seen + 1)..<(seen + 1 + Int64(events.count))), "no gap, no repeat")
                        seen = events.last?.seq ?? seen
                        if events.isEmpty { _ = await log.notifier.next(after: generation, timeout: .milliseconds(50)) }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
