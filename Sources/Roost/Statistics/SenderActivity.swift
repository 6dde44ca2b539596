/// Who sent messages each day, for the active-user statistics (DAU, MAU, the analytics
/// metrics), followed from the event log (`EventFollower`): a send records only its message
/// and event, and its sender is counted active in a transaction of its own a moment later.
/// A sender already counted that day costs no write at all.
struct SenderActivity: EventConsumer {
    private let activity = UserActivityRepository()

    var name: String { "sender_activity" }
    var categories: [EventCategory] { [.groupChannelMessageSend, .openChannelMessageSend] }

    /// A sender to count as active on the day of `time`.
    struct Active: Sendable, Hashable {
        let userRowID: Int64
        let time: Int64
    }

    func isActive(in db: Database) throws -> Bool { true }

    /// The senders of the batch not yet counted that day, read in one statement: decoding
    /// each message event's payload and looking its sender up one by one was 4% of a send's
    /// CPU.
    func prepare(_ events: [StoredEvent], in db: Database) throws -> [Active]? {
        guard let first = events.first?.seq, let last = events.last?.seq else { return nil }
        let active = try activity.newlyActiveSenders(
            ofEventsFrom: first, through: last, categories: categories.map(\.rawValue), senderPath: ["sender", "user_id"], in: db
        ).map { Active(userRowID: $0.userRowID, time: $0.time) }
        return active.isEmpty ? nil : active
    }

    func apply(_ active: [Active], in db: Database) throws {
        for sender in active { try activity.recordActive(sender.userRowID, at: sender.time, in: db) }
    }
}
