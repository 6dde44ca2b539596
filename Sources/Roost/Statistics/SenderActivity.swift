import GRDB

/// Who sent messages each day, for the active-user statistics (DAU, MAU, the analytics
/// metrics), followed from the event log (`EventFollower`): a send records only its message
/// and event, and its sender is counted active in a transaction of its own a moment later.
/// A sender already counted that day costs no write at all.
struct SenderActivity: EventConsumer {
    private let users = UserRepository()
    private let activity = UserActivityRepository()

    var name: String { "sender_activity" }
    var categories: [EventCategory] { [.groupChannelMessageSend, .openChannelMessageSend] }

    /// A sender to count as active on the day of `time`.
    struct Active: Sendable, Hashable {
        let userRowID: Int64
        let time: Int64
    }

    /// What a message event says of its sender.
    private struct Sent: Decodable {
        struct Sender: Decodable {
            let userID: String
            enum CodingKeys: String, CodingKey { case userID = "user_id" }
        }

        let sender: Sender?
    }

    func isActive(in db: Database) throws -> Bool { true }

    func prepare(_ events: [StoredEvent], in db: Database) throws -> [Active]? {
        var days = Set<[Int64]>()
        var active: [Active] = []
        for event in events {
            guard let userID = JSONColumn.decode(Sent.self, from: event.payload)?.sender?.userID,
                  let rowID = try users.rowID(of: userID, in: db)
            else { continue }
            let day = event.createdAt / UserActivityRepository.dayLength
            guard days.insert([rowID, day]).inserted, try !activity.wasActive(rowID, onDayOf: event.createdAt, in: db) else { continue }
            active.append(Active(userRowID: rowID, time: event.createdAt))
        }
        return active.isEmpty ? nil : active
    }

    func apply(_ active: [Active], in db: Database) throws {
        for sender in active { try activity.recordActive(sender.userRowID, at: sender.time, in: db) }
    }
}
