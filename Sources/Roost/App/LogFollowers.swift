import ServiceLifecycle

/// What follows the event log after the writes commit (`EventFollower`), made and put at the
/// log's head before anything is served.
struct LogFollowers: Sendable {
    let pushes: EventFollower<PushNotifications>
    let senders: EventFollower<SenderActivity>

    init(database: AppDatabase, events: EventLog) {
        pushes = EventFollower(PushNotifications(log: events), database: database)
        senders = EventFollower(SenderActivity(), database: database)
    }

    func register() async throws {
        try await pushes.register()
        try await senders.register()
    }

    var services: [any Service] { [pushes, senders] }
}
