import Synchronization

/// What event payloads carry beyond their fixed fields, as the webhook settings say:
/// members (`include_members`) and unread counts (`include_unread_count`). Read on every
/// event, so kept in memory and replaced when the settings change.
final class EventOptions: Sendable {
    struct Values: Sendable, Equatable {
        var includeMembers = false
        var includeUnreadCount = false
    }

    private let current = Mutex(Values())

    var values: Values { current.withLock { $0 } }

    func update(_ values: Values) {
        current.withLock { $0 = values }
    }
}
