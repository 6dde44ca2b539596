import Logging
import ServiceLifecycle

/// The one scheduler: runs every job whose time has come by Roost's clock, oldest due
/// first, each run in its own write transaction together with the job's removal or
/// rescheduling. Work due while Roost was down runs right after start; a run cut short by a
/// crash left nothing behind and runs again. It looks for due work every `interval` when
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
            while !Task.isCancelled {
                await runDue()
                try? await Task.sleep(for: interval)
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
                guard try await database.read({ db in try jobs.nextDue(at: now, in: db) }) != nil else { break }
                let ran = try await database.write { db -> Bool in
                    guard let job = try jobs.nextDue(at: now, in: db) else { return false }
                    guard let handler = handlers[job.kind] else {
                        logger.error("A scheduled job of unknown kind \(job.kind) was dropped")
                        try jobs.finish(job, with: .done, in: db)
                        return true
                    }
                    do {
                        try db.inSavepoint {
                            try jobs.finish(job, with: try handler.run(job, at: now, in: db), in: db)
                            return .commit
                        }
                    } catch {
                        let delay = min(Self.retryDelay << min(job.attempts, 20), Self.maxRetryDelay)
                        logger.error("Scheduled job \(job.key) failed (attempt \(job.attempts + 1)); trying again in \(delay) ms: \(error)")
                        try jobs.postpone(job, to: now + delay, in: db)
                    }
                    return true
                }
                guard ran else { break }
                runs += 1
            } catch {
                logger.error("The scheduler could not read its jobs: \(error)")
                break
            }
        }
        return runs
    }
}
