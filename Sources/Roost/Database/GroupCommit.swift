import Foundation
import GRDB
import Metrics
import Synchronization

/// What group commit writes through: one connection, one transaction at a time (SQLite's one
/// writer, or PostgreSQL's writer connection).
protocol TransactionRunner: Sendable {
    /// Runs `changes` in a transaction, committed when it returns and rolled back when it throws.
    /// Where writers take turns, `changes` runs once the transaction has its turn.
    /// An engine may run `changes` again, in a new transaction, when the first one could not be
    /// serialized with another writer's (`Database.mustRetry`).
    func inTransaction(_ changes: (Database) throws -> Void) throws

    /// The most writes one transaction carries.
    var maxGroupSize: Int { get }
}

/// SQLite's writer as group commit uses it.
struct SQLiteTransactions: TransactionRunner {
    let writer: any DatabaseWriter
    let maxGroupSize = Int.max

    func inTransaction(_ changes: (Database) throws -> Void) throws {
        try writer.writeWithoutTransaction { connection in
            try connection.inTransaction {
                try changes(Database(connection))
                return .commit
            }
        }
    }
}

/// Group commit: write transactions asked for at the same time run one after another in a
/// single transaction, each inside its own savepoint, so one commit (and, with full
/// durability, one fsync) serves the whole group. A job that fails rolls back its savepoint
/// alone; each caller hears back only once the commit that holds its changes is done.
final class GroupCommit: Sendable {
    private struct Job: Sendable {
        let run: @Sendable (Database) throws -> Void
        let finish: @Sendable (Result<Void, any Error>) -> Void
    }

    /// A group's jobs, taken once its transaction has begun and kept for when it is run again,
    /// and each job's error, kept past a failed commit. Unchecked, and safe: filled inside the
    /// writer's closure, which `inTransaction` runs to its end (each time, when run again)
    /// before returning, and read after that, in the same drain.
    private final class GroupRun: @unchecked Sendable {
        var jobs: [Job]?
        var errors: [(any Error)?] = []
    }

    private let writer: any TransactionRunner
    private let storage: StorageHealth
    private let commits = Atomic<Int>(0)
    private let batchSizes: Recorder

    /// The metric recording how many writes each commit carried.
    static let batchSizeMetric = "roost_database_write_batch_size"
    private struct Queue {
        var pending: [Job] = []
        var draining = false
    }

    private let queue = Mutex(Queue())
    private let drainQueue = DispatchQueue(label: "roost.group-commit")
    private let commitHooks = Mutex<[@Sendable () -> Void]>([])

    init(writer: any TransactionRunner, storage: StorageHealth, metrics: any MetricsFactory) {
        self.writer = writer
        self.storage = storage
        batchSizes = Recorder(label: GroupCommit.batchSizeMetric, factory: metrics)
    }

    /// How many groups have committed, counted before their callers hear back: a caller that
    /// reads it after its write returned counts that write.
    var commitCount: Int { commits.load(ordering: .acquiring) }

    /// How many writes wait for the next group (tests use it to form a group).
    var waitingCount: Int { queue.withLock { $0.pending.count } }

    func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        // While the disk is full every write is refused before it reaches SQLite: one small
        // enough for log space SQLite already holds would otherwise go through while `/health`
        // says Roost cannot write, and the client could not tell which answer to believe.
        guard storage.acceptsWrites else { throw APIError.outOfSpace }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let box = ResultBox<T>()
            enqueue(Job(
                run: { db in box.value = try updates(db) },
                finish: { [storage] outcome in
                    switch outcome {
                    case .success: continuation.resume(returning: box.value!)
                    case .failure(let error): continuation.resume(throwing: storage.failure(for: error) ?? error)
                    }
                }
            ))
        }
    }

    /// Runs `hook` after every commit, once its callers have heard back.
    func onCommit(_ hook: @escaping @Sendable () -> Void) {
        commitHooks.withLock { $0.append(hook) }
    }

    private func enqueue(_ job: Job) {
        let startsDraining: Bool = queue.withLock { queue in
            queue.pending.append(job)
            guard !queue.draining else { return false }
            queue.draining = true
            return true
        }
        if startsDraining {
            drainQueue.async { self.drain() }
        }
    }

    /// Commits groups until nothing is pending; jobs arriving meanwhile join the next group.
    /// It runs on a queue of its own and blocks there while the writer works: as a task it
    /// waited behind the request handlers on Swift's few cooperative threads between one
    /// commit and the next while the writer stood idle (sends +9% over three runs each).
    /// A group is formed once the transaction has begun, not before: where writers take turns
    /// (`TransactionRunner`), the writes that arrived while this one waited for its turn go in
    /// with it rather than waiting for the next.
    private func drain() {
        while hasPending() {
            let group = GroupRun()
            do {
                try writer.inTransaction { db in
                    // A transaction run again runs the group it took the first time, afresh.
                    let jobs = group.jobs ?? takeGroup()
                    group.jobs = jobs
                    group.errors = Array(repeating: nil, count: jobs.count)
                    for (index, job) in jobs.enumerated() {
                        group.errors[index] = try Self.runInSavepoint(job, in: db)
                    }
                }
                let jobs = group.jobs ?? []
                batchSizes.record(jobs.count)
                commits.add(1, ordering: .releasing)
                for (index, job) in jobs.enumerated() {
                    job.finish(group.errors[index].map { .failure($0) } ?? .success(()))
                }
                for hook in commitHooks.withLock({ $0 }) { hook() }
            } catch {
                // SQLite may roll the whole transaction back when the disk fills, and the
                // statement that then fails says only that its savepoint is gone: every write
                // of the group failed for lack of space. A transaction that could not begin
                // (no connection, no turn) fails the group that would have been next.
                let cause = group.errors.lazy.compactMap { $0 }.first(where: StorageHealth.isOutOfSpace) ?? error
                for job in group.jobs ?? takeGroup() { job.finish(.failure(cause)) }
            }
        }
    }

    /// Runs one job in a savepoint of its own, rolled back alone if the job fails; answers
    /// the job's error. The savepoint statements stay prepared (GRDB's `inSavepoint` prepares
    /// them anew each time, which cost the writer two statement compilations per request).
    private static func runInSavepoint(_ job: Job, in db: Database) throws -> (any Error)? {
        try db.executeUnanswered(sql: "SAVEPOINT job")
        do {
            try job.run(db)
            try db.keepSavepoint("job")
            return nil
        } catch {
            // The whole transaction is run again (`TransactionRunner`), this job with it.
            if Database.mustRetry(error) { throw error }
            try db.executeCached(sql: "ROLLBACK TO SAVEPOINT job")
            try db.executeCached(sql: "RELEASE SAVEPOINT job")
            return error
        }
    }

    /// Whether a job waits; when none does, the drain ends, and the next job starts another.
    private func hasPending() -> Bool {
        queue.withLock { queue in
            if queue.pending.isEmpty { queue.draining = false }
            return queue.draining
        }
    }

    /// The next group: the jobs waiting, up to the most one transaction carries. Only the drain
    /// takes jobs, so after `hasPending()` answered yes there is at least one.
    private func takeGroup() -> [Job] {
        queue.withLock { queue in
            let group = Array(queue.pending.prefix(writer.maxGroupSize))
            queue.pending.removeFirst(group.count)
            return group
        }
    }
}

/// Carries a job's result out of the database closure it ran in. Unchecked, and safe: the
/// drain queue writes it inside the transaction, and the caller reads it only after `finish`
/// hands over (the continuation orders the two).
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
