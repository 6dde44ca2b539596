import Synchronization

/// Whether this node holds a duty (`AppDatabase.whileHolding`), for work that every node is
/// asked for and one node at a time does: a follower poked after each commit follows only
/// where its duty is held, so that two nodes do not both read the same events and write what
/// they make.
final class HeldDuty: Sendable {
    let name: String
    private let held = Atomic<Bool>(false)
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(_ name: String) {
        self.name = name
    }

    var isHeld: Bool { held.load(ordering: .acquiring) }

    /// Tries for the duty from now on; `taken` runs each time this node takes it. On SQLite it
    /// is held at once, before any commit could want it.
    func start(on database: AppDatabase, taken: @escaping @Sendable () -> Void) {
        guard database.mayHaveOtherNodes else {
            held.store(true, ordering: .releasing)
            return taken()
        }
        task.withLock { task in
            guard task == nil else { return }
            task = Task { [name] in
                await database.whileHolding(name) {
                    self.held.store(true, ordering: .releasing)
                    taken()
                    // Held until the duty is let go: the task is then cancelled.
                    while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                    self.held.store(false, ordering: .releasing)
                }
            }
        }
    }

    func stop() async {
        let running = task.withLock { $0 }
        running?.cancel()
        await running?.value
        held.store(false, ordering: .releasing)
    }
}
