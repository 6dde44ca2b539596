import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// One PostgreSQL connection used as Roost's rules use a database: synchronously, one statement
/// a round trip, from a thread of the engine's own (never an event loop, which the answer needs).
/// What `Database` runs on when the engine is PostgreSQL (`docs/storage.md`). Unchecked
/// `Sendable`, and safe: one thread uses a session at a time, handed over under the engine's locks.
final class PostgresSession: @unchecked Sendable {
    let connection: PostgresConnection
    /// Whether the session is a reader's (its transaction is read-only).
    let isReadOnly: Bool
    private let logger: Logger
    /// Each statement's text with numbered placeholders, made once.
    private var translations: [String: (sql: String, names: [String]?)] = [:]
    /// Rows the last `INSERT`, `UPDATE` or `DELETE` changed, and every one's since the session began.
    private(set) var changesCount = 0
    private(set) var totalChangesCount = 0
    /// The command tag of the last statement waited on (`COMMIT`, or `ROLLBACK` when a commit
    /// found its transaction failed).
    private(set) var lastCommand = ""
    /// The answer being waited for, failed if the connection closes first, and whether it has.
    private let waiting = Mutex<(answer: EventLoopPromise<PostgresQueryResult>?, closed: Bool)>((nil, false))

    init(connection: PostgresConnection, isReadOnly: Bool, logger: Logger) {
        self.connection = connection
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

    /// Runs one statement and answers its rows.
    func run(_ sql: String, _ arguments: StatementArguments) throws -> [PostgresRow] {
        let translation = translated(sql)
        var bindings = PostgresBindings()
        try arguments.bind(into: &bindings, names: translation.names)
        let result: PostgresQueryResult
        do {
            result = try answer(to: PostgresQuery(unsafeSQL: translation.sql, binds: bindings)).wait()
        } catch let error as PSQLError where error.serverInfo != nil {
            throw PostgresStatementError(error: error, sql: translation.sql)
        }
        lastCommand = result.metadata.command
        if ["INSERT", "UPDATE", "DELETE"].contains(lastCommand) {
            changesCount = result.metadata.rows ?? 0
            totalChangesCount += changesCount
        }
        return Array(result)
    }

    /// The answer to `query`, or the connection's closing, whichever comes first.
    private func answer(to query: PostgresQuery) throws -> EventLoopFuture<PostgresQueryResult> {
        let promise = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
        let closed = waiting.withLock { state in
            if !state.closed { state.answer = promise }
            return state.closed
        }
        guard !closed else {
            promise.fail(PostgresConnectionClosed())
            return promise.futureResult
        }
        connection.query(query, logger: logger).whenComplete { [self] result in
            waiting.withLock { state in
                if state.answer?.futureResult === promise.futureResult { state.answer = nil }
            }
            promise.completeWith(result)
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

    private func translated(_ sql: String) -> (sql: String, names: [String]?) {
        if let known = translations[sql] { return known }
        let translation = SQLScript.numberedPlaceholders(in: sql)
        translations[sql] = translation
        return translation
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

    var description: String {
        let info = error.serverInfo
        let words = "PostgreSQL: \(info?[.message] ?? "error") (SQLSTATE \(info?[.sqlState] ?? "?")"
        guard let sql else { return words + ", connecting)" }
        return words + ", at \(info?[.position] ?? "?")) in: \(sql)"
    }
}
