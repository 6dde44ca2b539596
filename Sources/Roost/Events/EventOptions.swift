import Foundation

/// What event payloads carry beyond their fixed fields, as the webhook settings say:
/// members (`include_members`) and unread counts (`include_unread_count`). Read on every
/// event, so kept in memory and replaced when the settings change.
final class EventOptions: @unchecked Sendable {
    struct Values: Sendable, Equatable {
        var includeMembers = false
        var includeUnreadCount = false
    }

    private let lock = NSLock()
    private var current = Values()

    var values: Values { lock.withLock { current } }

    func update(_ values: Values) {
        lock.withLock { current = values }
    }
}
