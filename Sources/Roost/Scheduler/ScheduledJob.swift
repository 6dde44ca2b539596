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

/// Runs the jobs of one kind, in two steps, so that a long job never holds the one writer.
///
/// `prepare` does a run's long part before any write: it reads from consistent snapshots
/// (`AppDatabase.read`) and writes files outside every transaction (under a temporary name,
/// then renamed). `run` is then called inside a brief write transaction, which also removes or
/// reschedules the job as the outcome says, with what `prepare` made. Anything `run` throws
/// rolls both back; `discard` then undoes what `prepare` made, and the job is tried again later.
/// A run should do a bounded amount of work (one batch), so that other writes never wait
/// long behind it; files it stops referring to go through `AfterCommit`.
protocol JobHandler: Sendable {
    var kind: String { get }
    func prepare(_ job: ScheduledJob, at now: Int64) async throws -> (any Sendable)?
    func run(_ job: ScheduledJob, prepared: (any Sendable)?, at now: Int64, in db: Database, afterCommit: AfterCommit) throws -> JobOutcome
    func discard(_ prepared: (any Sendable)?)
}

/// A handler made of its kind and the functions that run it: how features hand their work to
/// the scheduler, in one step (all in the write transaction, for short work) or in two.
struct JobRunner: JobHandler {
    let kind: String
    private let prepareBody: @Sendable (ScheduledJob, Int64) async throws -> (any Sendable)?
    private let runBody: @Sendable (ScheduledJob, (any Sendable)?, Int64, Database, AfterCommit) throws -> JobOutcome
    private let discardBody: @Sendable ((any Sendable)?) -> Void

    /// A job done wholly inside its write transaction.
    init(kind: String, run: @escaping @Sendable (ScheduledJob, Int64, Database) throws -> JobOutcome) {
        self.kind = kind
        prepareBody = { _, _ in nil }
        runBody = { job, _, now, db, _ in try run(job, now, db) }
        discardBody = { _ in }
    }

    /// A job whose long part `prepare` does before its write transaction; `run` records the
    /// result in it, and `discard` undoes what `prepare` made when that write does not commit.
    init<Prepared: Sendable>(
        kind: String,
        prepare: @escaping @Sendable (ScheduledJob, Int64) async throws -> Prepared,
        run: @escaping @Sendable (ScheduledJob, Prepared, Int64, Database, AfterCommit) throws -> JobOutcome,
        discard: @escaping @Sendable (Prepared) -> Void
    ) {
        self.kind = kind
        prepareBody = { job, now in try await prepare(job, now) }
        runBody = { job, prepared, now, db, afterCommit in
            guard let prepared = prepared as? Prepared else { throw JobPreparationLost() }
            return try run(job, prepared, now, db, afterCommit)
        }
        discardBody = { prepared in
            if let prepared = prepared as? Prepared { discard(prepared) }
        }
    }

    func prepare(_ job: ScheduledJob, at now: Int64) async throws -> (any Sendable)? {
        try await prepareBody(job, now)
    }

    func run(_ job: ScheduledJob, prepared: (any Sendable)?, at now: Int64, in db: Database, afterCommit: AfterCommit) throws -> JobOutcome {
        try runBody(job, prepared, now, db, afterCommit)
    }

    func discard(_ prepared: (any Sendable)?) {
        discardBody(prepared)
    }
}

/// Never thrown while each handler's `prepare` and `run` agree on what passes between them.
private struct JobPreparationLost: Error {}
