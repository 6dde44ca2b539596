import Logging
import PostgresNIO

/// One PostgreSQL connection used as Roost's rules use a database: synchronously, one statement
/// a round trip, from a thread of the engine's own (never an event loop, which the answer needs).
/// What `Database` runs on when the engine is PostgreSQL (`docs/storage.md`).
final class PostgresSession {
    let connection: PostgresConnection
    /// Whether the session is a reader's (its transaction is read-only).
    let isReadOnly: Bool
    private let logger: Logger
    /// Each statement's text with numbered placeholders, made once.
    private var translations: [String: (sql: String, names: [String]?)] = [:]
    /// Rows the last `INSERT`, `UPDATE` or `DELETE` changed, and every one's since the session began.
    private(set) var changesCount = 0
    private(set) var totalChangesCount = 0

    init(connection: PostgresConnection, isReadOnly: Bool, logger: Logger) {
        self.connection = connection
        self.isReadOnly = isReadOnly
        self.logger = logger
    }

    /// Runs one statement and answers its rows.
    func run(_ sql: String, _ arguments: StatementArguments) throws -> [PostgresRow] {
        let translation = translated(sql)
        var bindings = PostgresBindings()
        try arguments.bind(into: &bindings, names: translation.names)
        let result = try connection.query(PostgresQuery(unsafeSQL: translation.sql, binds: bindings), logger: logger).wait()
        if ["INSERT", "UPDATE", "DELETE"].contains(result.metadata.command) {
            changesCount = result.metadata.rows ?? 0
            totalChangesCount += changesCount
        }
        return Array(result)
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
        (error as? PSQLError)?.serverInfo?[.sqlState]?.hasPrefix("23") == true
    }
}
