/// Reads the event log for `/roost/events`.
struct EventStreamService: Sendable {
    let database: AppDatabase
    let notifier: EventNotifier
    private let repository = EventRepository()

    func events(after seq: Int64, matching filter: EventFilter, limit: Int) async throws -> [StoredEvent] {
        try await database.read { db in try repository.events(after: seq, matching: filter, limit: limit, in: db) }
    }
}
