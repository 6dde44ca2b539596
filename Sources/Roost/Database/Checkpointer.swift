import Dispatch
import GRDB
import Synchronization

/// Copies the write-ahead log back into the database file from a connection of its own,
/// shortly after commits, so that the one writer rarely stops to do it. SQLite's automatic
/// checkpoint runs on the committing connection, and its two `fdatasync`s (10 to 25 ms each
/// here) held up every write queued behind it about once a second.
///
/// The writer still checkpoints by itself once the log reaches
/// `WriterSettings.writerCheckpointPages`: a checkpoint made here copies only what was committed
/// when it began, and the log can start over from its beginning only after a checkpoint that
/// caught up with every commit, which one running beside a busy writer rarely does.
final class Checkpointer: Sendable {
    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "roost.checkpoint")
    private let scheduled = Atomic<Bool>(false)
    /// Set on the queue by `close()`, so that a checkpoint scheduled before never touches the
    /// closed connection.
    private let closed = Atomic<Bool>(false)
    private let runs = Atomic<Int>(0)

    /// How long after a commit the log is copied back: commits in between share the copy.
    static let delayMilliseconds = 100
    static let delay = DispatchTimeInterval.milliseconds(delayMilliseconds)

    init(path: String) throws {
        connection = try DatabaseQueue(path: path)
    }

    /// Called after each commit; schedules a checkpoint unless one is already due.
    func committed() {
        guard !scheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.asyncAfter(deadline: .now() + Self.delay) { [self] in
            scheduled.store(false, ordering: .releasing)
            guard !closed.load(ordering: .acquiring) else { return }
            // A passive checkpoint never waits: when the writer is checkpointing at the same
            // moment it fails as busy, and the next commit schedules another.
            _ = try? connection.writeWithoutTransaction { try $0.checkpoint(.passive) }
            runs.add(1, ordering: .releasing)
        }
    }

    /// How many checkpoints have run (or tried to).
    var checkpointsRun: Int { runs.load(ordering: .acquiring) }

    /// Waits until a checkpoint scheduled before the call has had its turn: the queue runs in
    /// order, and this comes due after it.
    func settled() async {
        await withCheckedContinuation { continuation in
            queue.asyncAfter(deadline: .now() + Self.delay) { continuation.resume() }
        }
    }

    /// Waits for a checkpoint under way and closes the connection.
    func close() throws {
        try queue.sync {
            closed.store(true, ordering: .releasing)
            try connection.close()
        }
    }
}
