import Synchronization

/// What a write leaves to do once it has committed, and only then: removing a file the write
/// stopped referring to. Done before the commit, a rollback would leave a row pointing at a
/// file that is gone.
final class AfterCommit: Sendable {
    private let actions = Mutex<[@Sendable () -> Void]>([])

    func add(_ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0.append(action) }
    }

    /// Runs what was added, once the write has committed.
    func perform() {
        for action in actions.withLock({ actions in
            defer { actions = [] }
            return actions
        }) { action() }
    }
}
