import Logging
import ServiceLifecycle

/// The one scheduler: runs every job whose time has come by Roost's clock, oldest due
/// first. Each run prepares what it can on a snapshot and the filesystem (`JobHandler`), then
/// records its result in a brief write transaction together with the job's removal or
/// rescheduling. Work due while Roost was down runs right after start; a run cut short by a
/// crash committed nothing and runs again. It looks for due work every `interval` when
/// idle, so a clock that is moved (by tests) is noticed within it.
struct Scheduler: Service, CustomStringConvertible {
    /// How the service group names it (see `DatabaseService.description`).
    var description: String { "Scheduler" }

    let database: AppDatabase
    let clock: WallClock
    let handlers: [String: any JobHandler]
    let logger: Logger
    var interval: Duration = .milliseconds(200)
    private let jobs = ScheduledJobRepository()

    /// How many times as long as its last step a job that goes on at once (the next step of an
    /// export, an erasure, an announcement) waits before that step: other clients' writes get
    /// the one writer for the rest of the time. With 3, a heavy job takes about a quarter of
    /// it: other clients' sends kept 83 to 89% of their quiet rate during a GDPR deletion of
    /// 100,000 messages, against 24 to 29% without the wait (bench/RESULTS.md).
    static let heavyJobYield = 3

    /// A job that failed waits this long before it is tried again, doubling with each failure.
    static let retryDelay: Int64 = 1_000
    static let maxRetryDelay: Int64 = 3_600_000

    init(database: AppDatabase, clock: WallClock, handlers: [any JobHandler], logger: Logger) {
        self.database = database
        self.clock = clock
        self.handlers = Dictionary(handlers.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        self.logger = logger
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            // One node of those on the database runs the jobs.
            await database.whileHolding("scheduler") {
                while !Task.isCancelled {
                    await runDue()
                    try? await Task.sleep(for: interval)
                }
            }
        }
    }

    /// Runs what is due now, until nothing is; answers how many runs there were.
    @discardableResult
    func runDue() async -> Int {
        var runs = 0
        while !Task.isCancelled {
            let now = clock.now
            do {
                // A read first: an idle scheduler takes no write lock (and wakes no stream).
                guard let due = try await database.read({ db in try jobs.nextDue(at: now, in: db) }) else { break }
                guard let handler = handlers[due.kind] else {
                    try await database.write { db in
                        logger.error("A scheduled job of unknown kind \(due.kind) was dropped")
                        try jobs.finish(due, with: .done, in: db)
                    }
                    continue
                }
                let started = ContinuousClock.now
                let outcome = try await run(due, with: handler, at: now)
                runs += 1
                if case .again(let time, _) = outcome, time <= now {
                    try? await Task.sleep(for: (ContinuousClock.now - started) * Self.heavyJobYield)
                }
            } catch {
                logger.error("The scheduler could not read or write its jobs: \(error)")
                break
            }
        }
        return runs
    }

    /// One run of a job: its long part on a snapshot and the filesystem, then its result in a
    /// brief write transaction, provided the job is still as it was read. Answers the outcome
    /// committed, nil when the run failed or the job had changed meanwhile.
    private func run(_ job: ScheduledJob, with handler: any JobHandler, at now: Int64) async throws -> JobOutcome? {
        let prepared: (any Sendable)?
        do {
            prepared = try await handler.prepare(job, at: now)
        } catch {
            try await postpone(job, at: now, after: error)
            return nil
        }
        let afterCommit = AfterCommit()
        let outcome: JobOutcome?
        do {
            outcome = try await database.write { db -> JobOutcome? in
                // Moved or run meanwhile: what was prepared may be out of date.
                guard try jobs.find(id: job.id, in: db) == job else { return nil }
                do {
                    var outcome = JobOutcome.done
                    try db.inSavepoint {
                        outcome = try handler.run(job, prepared: prepared, at: now, in: db, afterCommit: afterCommit)
                        try jobs.finish(job, with: outcome, in: db)
                        return .commit
                    }
                    return outcome
                } catch {
                    try jobs.postpone(job, to: now + Self.delay(after: job), in: db)
                    logger.error("Scheduled job \(job.key) failed (attempt \(job.attempts + 1)); trying again in \(Self.delay(after: job)) ms: \(error)")
                    return nil
                }
            }
        } catch {
            handler.discard(prepared)
            throw error
        }
        if outcome != nil {
            afterCommit.perform()
        } else {
            handler.discard(prepared)
        }
        return outcome
    }

    private func postpone(_ job: ScheduledJob, at now: Int64, after error: any Error) async throws {
        let delay = Self.delay(after: job)
        logger.error("Scheduled job \(job.key) failed (attempt \(job.attempts + 1)); trying again in \(delay) ms: \(error)")
        try await database.write { db in
            guard try jobs.find(id: job.id, in: db) == job else { return }
            try jobs.postpone(job, to: now + delay, in: db)
        }
    }

    /// A job that failed waits this long, doubling with each failure.
    private static func delay(after job: ScheduledJob) -> Int64 {
        min(retryDelay << min(job.attempts, 20), maxRetryDelay)
    }
}
