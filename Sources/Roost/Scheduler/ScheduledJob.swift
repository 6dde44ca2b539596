import GRDB

/// A piece of work due at a time: what kind, for what (`key`), and the state it carries
/// from one run to the next (`payload`, JSON).
struct ScheduledJob: Sendable, Equatable, FetchableRecord {
    var id: Int64
    var kind: String
    var key: String
    var dueAt: Int64
    var payload: String
    var attempts: Int

    enum Columns: Int, TableColumns {
        case id, kind, key, due_at, payload, attempts
    }

    /// The key of a job of `kind` for the row `id`: `scheduled_message:12`.
    static func key(_ kind: String, for id: Int64) -> String {
        "\(kind):\(id)"
    }

    /// The row id the key names (`scheduled_message:12` → 12).
    var subjectID: Int64? {
        key.split(separator: ":").last.flatMap { Int64($0) }
    }

    init(row: Row) {
        id = row[Columns.id]
        kind = row[Columns.kind]
        key = row[Columns.key]
        dueAt = row[Columns.due_at]
        payload = row[Columns.payload]
        attempts = row[Columns.attempts]
    }
}

/// What a run of a job leaves to do.
enum JobOutcome: Sendable, Equatable {
    /// Finished: the job goes.
    case done
    /// More to do (the next batch, or a later step): run again at `time` with `payload`.
    case again(at: Int64, payload: String)
}

/// Runs the jobs of one kind. `run` is called inside a write transaction, which also removes
/// or reschedules the job as the outcome says; anything it throws rolls both back, and the
/// job is tried again later. A run should do a bounded amount of work (one batch), so that
/// other writes never wait long behind it.
protocol JobHandler: Sendable {
    var kind: String { get }
    func run(_ job: ScheduledJob, at now: Int64, in db: Database) throws -> JobOutcome
}

/// A handler made of its kind and the function that runs it: how features hand their work
/// to the scheduler.
struct JobRunner: JobHandler {
    let kind: String
    let body: @Sendable (ScheduledJob, Int64, Database) throws -> JobOutcome

    func run(_ job: ScheduledJob, at now: Int64, in db: Database) throws -> JobOutcome {
        try body(job, now, db)
    }
}
