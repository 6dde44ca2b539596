import Synchronization

/// Users deactivated, told after the commit that deactivated them, so that what serves a
/// user outside the database (their open event streams) can let them go: a deactivated user
/// cannot log in, and one already connected is disconnected as well.
final class UserDeactivations: Sendable {
    private let listeners = Mutex<[@Sendable (_ userRowID: Int64) -> Void]>([])

    /// Calls `listener` with the row id of each user deactivated, after the commit.
    func onDeactivate(_ listener: @escaping @Sendable (_ userRowID: Int64) -> Void) {
        listeners.withLock { $0.append(listener) }
    }

    func tell(_ userRowID: Int64) {
        for listener in listeners.withLock({ $0 }) { listener(userRowID) }
    }
}
