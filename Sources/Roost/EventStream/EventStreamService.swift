/// Reads the event log for `/roost/events`.
struct EventStreamService: Sendable {
    let database: AppDatabase
    let notifier: EventNotifier
    let recent: RecentEvents
    private let repository = EventRepository()

    init(database: AppDatabase, notifier: EventNotifier) {
        self.database = database
        self.notifier = notifier
        self.recent = RecentEvents(database: database, notifier: notifier)
    }

    func events(after seq: Int64, matching filter: EventFilter, limit: Int) async throws -> [StoredEvent] {
        try await database.read { db in try repository.events(after: seq, matching: filter, limit: limit, in: db) }
    }

    /// For a live stream: the events after `seq` committed by `generation` at least, from the
    /// shared recent events when they reach back far enough and the filter needs no database.
    func liveEvents(after seq: Int64, matching filter: EventFilter, limit: Int, asOf generation: Int) async throws -> [StoredEvent] {
        if filter.visibleTo == nil, let kept = try await recent.events(after: seq, matching: filter, limit: limit, asOf: generation) {
            return kept
        }
        return try await events(after: seq, matching: filter, limit: limit)
    }
}
