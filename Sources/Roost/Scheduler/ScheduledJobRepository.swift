/// The scheduled_jobs table. Every method runs inside the caller's transaction.
struct ScheduledJobRepository: Sendable {
    private static let columns = ScheduledJob.Columns.qualified(by: "scheduled_jobs")

    /// Schedules the job for `key`, or moves the one there is to the new time and payload.
    func schedule(_ kind: String, key: String, at time: Int64, payload: String = "{}", in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO scheduled_jobs (kind, key, due_at, payload) VALUES (?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET kind = excluded.kind, due_at = excluded.due_at, payload = excluded.payload, attempts = 0
                """,
            arguments: [kind, key, time, payload]
        )
    }

    /// Schedules (or moves) the job of `kind` for the row `id`.
    func schedule(_ kind: String, for id: Int64, at time: Int64, payload: String = "{}", in db: Database) throws {
        try schedule(kind, key: ScheduledJob.key(kind, for: id), at: time, payload: payload, in: db)
    }

    func cancel(_ kind: String, for id: Int64, in db: Database) throws {
        try cancel(key: ScheduledJob.key(kind, for: id), in: db)
    }

    func cancel(key: String, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM scheduled_jobs WHERE key = ?", arguments: [key])
    }

    func find(id: Int64, in db: Database) throws -> ScheduledJob? {
        try ScheduledJob.fetchOne(db.cachedStatement(sql: "SELECT \(Self.columns) FROM scheduled_jobs WHERE id = ?"), arguments: [id])
    }

    /// The job due first, if it is due by `now`.
    func nextDue(at now: Int64, in db: Database) throws -> ScheduledJob? {
        try ScheduledJob.fetchOne(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM scheduled_jobs WHERE due_at <= ? ORDER BY due_at, id LIMIT 1"),
            arguments: [now]
        )
    }

    func finish(_ job: ScheduledJob, with outcome: JobOutcome, in db: Database) throws {
        switch outcome {
        case .done:
            try db.executeCached(sql: "DELETE FROM scheduled_jobs WHERE id = ?", arguments: [job.id])
        case .again(let time, let payload):
            try db.executeCached(
                sql: "UPDATE scheduled_jobs SET due_at = ?, payload = ?, attempts = 0 WHERE id = ?", arguments: [time, payload, job.id]
            )
        }
    }

    /// Puts off a job whose run failed, counting the failure.
    func postpone(_ job: ScheduledJob, to time: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE scheduled_jobs SET due_at = ?, attempts = attempts + 1 WHERE id = ?", arguments: [time, job.id]
        )
    }
}
