import GRDB
import Logging
import Testing

@testable import Roost

/// The log keeps every event younger than the retention period, and the newest `count`
/// events whatever their age, and never an event webhooks have yet to deliver.
@Suite struct EventRetentionTests {
    struct Note: JSONObject {
        func write(to fields: inout JSONFields) throws {}
    }

    @Test func prunesOnlyWhatIsOldBeyondTheNewestAndDelivered() async throws {
        let database = try AppDatabase(DatabaseQueue())
        let clock = TestClock()
        let log = EventLog(applicationID: "test")
        let day: Int64 = 86_400_000
        try await database.write { db in
            // Ten events ten days old, then five from today.
            for age in Array(repeating: 10 * day, count: 10) + Array(repeating: 0, count: 5) {
                try log.record(.userBlock, Note(), at: 1_700_000_000_000 - age, in: db)
            }
            try db.execute(sql: "UPDATE delivery_cursors SET delivered_seq = 8 WHERE feed = 'webhooks'")
        }
        let retention = EventRetention(
            database: database, clock: clock.wallClock, period: .seconds(7 * 86_400), count: 6, logger: Logger(label: "test")
        )
        // Old and beyond the newest six: events 1 to 9; but 9 is not delivered yet.
        #expect(await retention.pruneOnce() == 8)
        let left = try await database.read { db in try Int64.fetchAll(db, sql: "SELECT seq FROM events ORDER BY seq") }
        #expect(left == Array(9...15))
        #expect(await retention.pruneOnce() == 0)
    }
}
