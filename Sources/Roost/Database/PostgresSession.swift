import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// One PostgreSQL connection used as Roost's rules use a database: synchronously, one statement
/// a round trip, from a thread of the engine's own (never an event loop, which the answer needs),
/// or, for a read of one statement, from a task.
/// What `Database` runs on when the engine is PostgreSQL (`docs/storage.md`). Unchecked
/// `Sendable`, and safe: one thread uses a session at a time, handed over under the engine's locks.
final class PostgresSession: @unchecked Sendable {
    let connection: PostgresConnection
    /// Whether the session is a reader's (its transaction is read-only).
    let isReadOnly: Bool
    private let logger: Logger
    private let executor: EventLoopTaskExecutor
    /// Each statement's text with numbered placeholders, made once.
    private var translations: [String: Translation] = [:]
    /// Rows the last `INSERT`, `UPDATE` or `DELETE` changed, and every one's since the session began.
    private(set) var changesCount = 0
    private(set) var totalChangesCount = 0
    /// The command tag of the last statement waited on (`COMMIT`, or `ROLLBACK` when a commit
    /// found its transaction failed).
    private(set) var lastCommand = ""
    /// The answer being waited for, failed if the connection closes first, and whether it has.
    private let waiting = Mutex<(answer: EventLoopPromise<Answer>?, closed: Bool)>((nil, false))

    init(connection: PostgresConnection, isReadOnly: Bool, logger: Logger) {
        self.connection = connection
        executor = EventLoopTaskExecutor(connection.eventLoop)
        self.isReadOnly = isReadOnly
        self.logger = logger
        // A statement written to a connection that has just closed is never answered, nor
        // failed (PostgresNIO drops it with the channel): the close fails it instead.
        connection.closeFuture.whenComplete { [weak self] _ in
            let answer = self?.waiting.withLock { state in
                state.closed = true
                defer { state.answer = nil }
                return state.answer
            } ?? nil
            answer?.fail(PostgresConnectionClosed())
        }
    }

    /// Runs one statement and answers its rows, waiting on this thread.
    func run(_ sql: String, _ arguments: StatementArguments) throws -> [PostgresRow] {
        let translation = translated(sql)
        do {
            return recorded(try start(translation, arguments).wait())
        } catch {
            throw PostgresStatementError.naming(error, sql: translation.sql)
        }
    }

    /// Runs one statement and answers its rows, from a task: for a read of one statement,
    /// which needs no thread of its own (`PostgresEngine.read(_:)`).
    func run(_ sql: String, _ arguments: StatementArguments) async throws -> [PostgresRow] {
        let translation = translated(sql)
        do {
            return recorded(try await start(translation, arguments).get())
        } catch {
            throw PostgresStatementError.naming(error, sql: translation.sql)
        }
    }

    /// Sends the statement, prepared when it has been run before: its answer to come.
    private func start(_ translation: Translation, _ arguments: StatementArguments) throws -> EventLoopFuture<Answer> {
        var bindings = PostgresBindings()
        let types = try arguments.bind(into: &bindings, names: translation.names)
        if let name = preparedName(of: translation, types: types) {
            return answer { runPrepared(name, translation, bindings) }
        }
        return answer {
            connection.query(PostgresQuery(unsafeSQL: translation.sql, binds: bindings), logger: logger).map(Answer.init)
        }
    }

    /// Notes what the answered statement was and changed, and answers its rows.
    private func recorded(_ answer: Answer) -> [PostgresRow] {
        lastCommand = answer.command
        if ["INSERT", "UPDATE", "DELETE"].contains(lastCommand) {
            changesCount = answer.changes ?? 0
            totalChangesCount += changesCount
        }
        return answer.rows
    }

    /// A statement's rows, the command it was, and the rows it changed when it changes rows.
    private struct Answer: Sendable {
        var rows: [PostgresRow]
        var command: String
        var changes: Int?

        init(rows: [PostgresRow], command: String, changes: Int?) {
            (self.rows, self.command, self.changes) = (rows, command, changes)
        }

        init(_ result: PostgresQueryResult) {
            self.init(rows: Array(result), command: result.metadata.command, changes: result.metadata.rows)
        }
    }

    /// The answer `start` sends for, or the connection's closing, whichever comes first.
    private func answer(for start: () -> EventLoopFuture<Answer>) -> EventLoopFuture<Answer> {
        let promise = connection.eventLoop.makePromise(of: Answer.self)
        let closed = waiting.withLock { state in
            if !state.closed { state.answer = promise }
            return state.closed
        }
        guard !closed else {
            promise.fail(PostgresConnectionClosed())
            return promise.futureResult
        }
        start().whenComplete { [self] result in
            waiting.withLock { state in
                if state.answer?.futureResult === promise.futureResult { state.answer = nil }
            }
            promise.completeWith(result)
        }
        return promise.futureResult
    }

    // MARK: Prepared statements

    /// A statement run often enough is prepared: PostgreSQL then parses it once, and plans it
    /// once when a generic plan serves, instead of at every run (a send's statements replayed
    /// by `pgbench`: 225 sends a second unnamed, 380 prepared; `docs/storage.md`). Each text is
    /// prepared per parameter types, as PostgresNIO takes them from the first values bound.
    private struct PreparedKey: Hashable {
        let sql: String
        let types: [ObjectIdentifier?]
    }

    /// A statement's runs before it is prepared (its name once it is): a statement run once
    /// would pay a round trip more to be prepared.
    private enum Preparation {
        case seen
        case prepared(name: String)
    }

    private var preparations: [PreparedKey: Preparation] = [:]
    private var preparedCount = 0
    /// How many statements a connection keeps prepared, PostgresNIO keeping each until the
    /// connection closes; texts that vary with their values (`IN` lists) would otherwise grow
    /// the server's memory without bound.
    static let maxPreparedStatements = 400

    private func preparedName(of translation: Translation, types: [ObjectIdentifier?]) -> String? {
        guard translation.kind != .unprepared else { return nil }
        let key = PreparedKey(sql: translation.sql, types: types)
        switch preparations[key] {
        case .prepared(let name):
            return name
        case .seen where preparedCount < Self.maxPreparedStatements:
            preparedCount += 1
            let name = "roost_\(preparedCount)"
            preparations[key] = .prepared(name: name)
            return name
        case .seen:
            return nil
        case nil:
            if preparedCount < Self.maxPreparedStatements { preparations[key] = .seen }
            return nil
        }
    }

    /// Runs the statement prepared as `name`, preparing it on its first run. PostgresNIO runs a
    /// prepared statement only from async code and only as a type's static text, so the text
    /// comes from a task local bound around the call, which reads it before its first wait.
    /// The task runs on the connection's event loop (`EventLoopTaskExecutor`).
    /// Every prepared statement answers rows: PostgresNIO's command tag of a prepared statement
    /// stops the process when the statement has no rows to answer, so a change answers one row
    /// a changed row (`RETURNING 1`).
    private func runPrepared(_ name: String, _ translation: Translation, _ bindings: PostgresBindings) -> EventLoopFuture<Answer> {
        let promise = connection.eventLoop.makePromise(of: Answer.self)
        Task(executorPreference: executor) { [connection, logger] in
            do {
                let answer = try await PreparedText.$current.withValue(PreparedText(name: name, sql: translation.preparedSQL)) {
                    var rows: [PostgresRow] = []
                    for try await row in try await connection.execute(PreparedStatement(bindings: bindings), logger: logger) {
                        rows.append(row)
                    }
                    return Answer(rows: translation.kind == .changes ? [] : rows, command: translation.command, changes: rows.count)
                }
                promise.succeed(answer)
            } catch {
                promise.fail(error)
            }
        }
        return promise.futureResult
    }

    /// Sends a statement without arguments and goes on without waiting for its answer: for a
    /// transaction's or savepoint's start and end, whose answer nobody needs. The connection runs
    /// statements in order, so the next one waited on comes after it, and a failure of this one
    /// shows there (its transaction is then aborted). Saves a round trip's wait.
    func send(_ sql: String) {
        _ = connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
    }

    /// Closes the connection (PostgresNIO wants every connection closed before it goes).
    func close() {
        try? connection.close().wait()
    }

    /// Runs a script of statements, one at a time.
    func runScript(_ sql: String, _ arguments: StatementArguments) throws {
        let statements = SQLScript.statements(in: sql)
        guard statements.count > 1 else {
            _ = try run(sql, arguments)
            return
        }
        for statement in statements { _ = try run(statement, StatementArguments()) }
    }

    private func translated(_ sql: String) -> Translation {
        if let known = translations[sql] { return known }
        let translation = Translation(SQLScript.numberedPlaceholders(in: sql))
        translations[sql] = translation
        return translation
    }

    /// A statement's text with numbered placeholders, and how it may be prepared.
    private struct Translation {
        enum Kind {
            /// A query, or a change with `RETURNING`: its rows are its answer.
            case rows
            /// An `INSERT`, `UPDATE` or `DELETE` whose answer is the count of rows it changed.
            case changes
            /// Anything else (a transaction's control, a script, a `WITH`): run unnamed.
            case unprepared
        }

        let sql: String
        let names: [String]?
        let command: String
        let kind: Kind
        /// The text prepared: a change's with `RETURNING 1`, a row for each row it changes.
        let preparedSQL: String

        init(_ numbered: (sql: String, names: [String]?)) {
            (sql, names) = numbered
            command = sql.prefix { !$0.isWhitespace }.uppercased()
            switch command {
            case "SELECT": kind = .rows
            case "INSERT", "UPDATE", "DELETE":
                kind = sql.range(of: "RETURNING", options: .caseInsensitive) == nil ? .changes : .rows
            default: kind = .unprepared
            }
            preparedSQL = kind == .changes ? sql + " RETURNING 1" : sql
        }
    }

    /// Whether `error` is PostgreSQL's refusal of a change by a constraint (SQLSTATE class 23).
    static func isConstraintViolation(_ error: any Error) -> Bool {
        sqlState(of: error)?.hasPrefix("23") == true
    }

    /// The SQLSTATE of the server's refusal, when `error` is one.
    static func sqlState(of error: any Error) -> String? {
        ((error as? PostgresStatementError)?.error ?? error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// Whether `error` says the connection is gone or PostgreSQL cannot serve it now: the
    /// server shut down or restarts (SQLSTATE class 08, 57P01-57P03), takes no more clients
    /// (53300), or the link broke.
    static func isConnectionLost(_ error: any Error) -> Bool {
        if let state = sqlState(of: error) { return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state) }
        if error is PostgresConnectionClosed { return true }
        guard let error = error as? PSQLError else { return false }
        return [.connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown].contains(error.code)
    }

    /// Whether `error` is PostgreSQL's disk full (SQLSTATE 53100).
    static func isOutOfSpace(_ error: any Error) -> Bool {
        sqlState(of: error) == "53100"
    }
}

/// The connection closed before a statement's answer came.
struct PostgresConnectionClosed: Error, CustomStringConvertible {
    var description: String { "The connection to PostgreSQL closed before the statement's answer came." }
}

/// The server refused a statement: its words and the statement, for the log (PostgresNIO's own
/// description of an error leaves both out; the values bound are left out here too).
struct PostgresStatementError: Error, CustomStringConvertible {
    let error: PSQLError
    /// Nil when the server refused the connection itself.
    let sql: String?

    /// `error` named so when it is the server's refusal, or as it is.
    static func naming(_ error: any Error, sql: String?) -> any Error {
        guard let error = error as? PSQLError, error.serverInfo != nil else { return error }
        return PostgresStatementError(error: error, sql: sql)
    }

    var description: String {
        let info = error.serverInfo
        let words = "PostgreSQL: \(info?[.message] ?? "error") (SQLSTATE \(info?[.sqlState] ?? "?")"
        guard let sql else { return words + ", connecting)" }
        return words + ", at \(info?[.position] ?? "?")) in: \(sql)"
    }
}

/// The statement PostgresNIO prepares or runs prepared, as its static `name` and `sql` are read.
private struct PreparedText: Sendable {
    let name: String
    let sql: String

    @TaskLocal static var current = PreparedText(name: "", sql: "")
}

/// A statement PostgresNIO runs prepared, and prepares on its first run.
private struct PreparedStatement: PostgresPreparedStatement {
    static var name: String { PreparedText.current.name }
    static var sql: String { PreparedText.current.sql }
    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// Runs a task's jobs on an event loop. A prepared statement's task runs on its connection's,
/// where its answer is read: on Swift's shared threads, under load, each statement's steps
/// waited behind the requests' work.
private final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
