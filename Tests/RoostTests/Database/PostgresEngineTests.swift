import Foundation
import PostgresNIO
import Synchronization
import Testing

@testable import Roost

/// Roost on PostgreSQL (`--database postgres://...`): start-up, its schema's migrations, and what
/// PostgreSQL alone answers. The whole suite runs on it too with `ROOST_TEST_ENGINE=postgres`.
@Suite(.enabled(if: TestPostgres.url != nil, "needs ROOST_TEST_POSTGRES_URL: scripts/test starts a PostgreSQL"))
struct PostgresEngineTests {
    /// What `--database` means: a path is SQLite; a URL names user, password, host, port,
    /// database and sslmode as libpq spells them.
    @Test func theDatabaseSettingReadsPathsAndURLs() throws {
        #expect(try DatabaseLocation("./roost.sqlite") == .sqlite(path: "./roost.sqlite"))
        guard case .postgres(let address) = try DatabaseLocation("postgresql://ann:p%40ss@db.example:6543/chat?sslmode=require") else {
            Issue.record("a URL is PostgreSQL")
            return
        }
        #expect(address.user == "ann" && address.password == "p@ss" && address.host == "db.example" && address.port == 6543)
        #expect(address.database == "chat" && address.tlsMode == .require)
        #expect(address.description == "postgres://ann@db.example:6543/chat?sslmode=require", "no password in messages")
        guard case .postgres(let defaults) = try DatabaseLocation("postgres://db.example") else { return }
        #expect(defaults.user == "postgres" && defaults.port == 5432 && defaults.database == "postgres" && defaults.tlsMode == .prefer)
        for (url, reason) in [
            ("postgres://db.example/chat?sslmode=sometimes", "sslmode must be one of"),
            ("postgres:///chat", "names no host"),
            ("postgres://db.example/chat?pool=3", "does not know the database URL's parameter pool"),
        ] {
            #expect(throws: DatabaseURLError.self) { try DatabaseLocation(url) }
            #expect(((try? DatabaseLocation(url)) == nil) && "\(error(of: { _ = try DatabaseLocation(url) }))".contains(reason), "\(url)")
        }
    }

    /// A database that does not exist, a user PostgreSQL does not know, or a server that does not
    /// answer stops start-up with one sentence that names the problem.
    @Test func startUpNamesWhatIsWrong() async throws {
        let base = try #require(TestPostgres.url)
        var missing = base
        missing.path = "/no_such_database"
        var stranger = base
        stranger.user = "nobody_here"
        var closed = base
        closed.port = try closedPort()
        for (url, expected) in [
            (missing.string!, "has no database no_such_database"),
            (stranger.string!, "refused the user nobody_here"),
            (closed.string!, "cannot reach PostgreSQL at"),
        ] {
            let failure = error(of: { _ = try AppDatabase(location: url) })
            #expect(failure is PostgresStartError, "\(url)")
            let text = "\(failure)"
            #expect(text.contains(expected) && !text.contains("\n"), "\(url): \(text)")
        }
    }

    /// The schema is made on first start and recorded; a second start applies nothing, and a
    /// database a newer Roost migrated is refused.
    @Test func migrationsAreAppliedOnceAndRecorded() async throws {
        let (url, drop) = try await TestPostgres.serverDatabase()
        let first = try AppDatabase(location: url)
        let applied = try await first.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM schema_migrations ORDER BY identifier") }
        #expect(applied == EmbeddedMigrations.postgresFiles.map(\.name))
        try await first.close()
        let second = try AppDatabase(location: url)
        try await second.write { db in try db.execute(sql: "INSERT INTO schema_migrations (identifier) VALUES ('9999_from_the_future')") }
        try await second.close()
        #expect(throws: DatabaseTooNewError.self) { _ = try AppDatabase(location: url) }
        await drop()
    }

    /// A read of one statement runs it outside a transaction, as its own snapshot, on a reader
    /// connection that the reads after it use too.
    @Test func aReadOfOneStatementTakesNoTransaction() async throws {
        let (url, drop) = try await TestPostgres.serverDatabase()
        let database = try AppDatabase(location: url, postgresReaders: 1)
        let isolation = "SELECT current_setting('transaction_isolation') AS isolation, pg_backend_pid() AS backend"
        @Sendable func read(_ rows: [Row]) -> String? { rows.first.map { "\($0["isolation"] as String) \($0["backend"] as Int64)" } }
        let alone = try #require(try await database.read(Query(sql: isolation, arguments: [], value: read)))
        let inTransaction = try await database.read { db in read(try Row.fetchAll(db, sql: isolation)) }
        let backend = alone.split(separator: " ").last!
        #expect(alone == "read committed \(backend)", "the default: no transaction of its own")
        #expect(inTransaction == "repeatable read \(backend)", "one reader connection for both")
        #expect(try await database.read(Query(sql: "SELECT 1 WHERE false", arguments: [], value: read)) == nil)
        // Reads of both kinds at once take turns on the one connection.
        let backends = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<40 {
                group.addTask {
                    if index.isMultiple(of: 2) { return try #require(try await database.read(Query(sql: isolation, arguments: [], value: read))) }
                    return try await database.read { db in try #require(read(try Row.fetchAll(db, sql: isolation))) }
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert(String($1.split(separator: " ").last!)) }
        }
        #expect(backends == [String(backend)])
        try await database.close()
        await drop()
    }

    /// Reads asked for while a statement of theirs runs wait for the next, which reads them all;
    /// each hears its own value, or nil.
    @Test func readsAskedForAtOnceShareAStatement() async throws {
        let (url, drop) = try await TestPostgres.serverDatabase()
        let database = try AppDatabase(location: url, postgresReaders: 2)
        let statements = Mutex(0)
        let reads = BatchedReads<Int, String>(database: database) { keys in
            statements.withLock { $0 += 1 }
            var wanted = SQL.JSONRows()
            for key in keys { wanted.append([.integer(Int64(key))]) }
            // Each statement lasts long enough for every other read to be asked for meanwhile.
            let sql = DialectText { dialect in
                "SELECT k, 'value ' || k AS v FROM \(dialect.rows(ofJSON: ["k": .integer], from: ":keys")) AS wanted, pg_sleep(0.2) WHERE k <> 29"
            }
            return Query(sql: sql, arguments: ["keys": try wanted.argument()]) { rows in
                Dictionary(uniqueKeysWithValues: rows.map { (Int($0["k"] as Int64), $0["v"] as String) })
            }
        }
        let values = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for key in 0..<30 { group.addTask { (key, try await reads.read(key)) } }
            return try await group.reduce(into: [Int: String?]()) { $0[$1.0] = $1.1 }
        }
        #expect(values.count == 30)
        for key in 0..<29 { #expect(values[key] == "value \(key)") }
        #expect(values[29] == .some(nil))
        #expect(statements.withLock { $0 } <= 3, "the first read's statement, then one or two for the rest")
        try await database.close()
        await drop()
    }

    /// Snapshots copy SQLite's file: on PostgreSQL they answer a 400 that says so.
    @Test func snapshotsAnswerThatTheyAreSQLites() async throws {
        try await withServer(engine: .postgres) { api in
            let refused = try await api.post("/roost/snapshots", #"{"name": "first"}"#)
            expectError(refused, code: 400920)
            #expect(refused["message"].string?.contains("PostgreSQL") == true)
        }
    }

    private func error(of body: () throws -> Void) -> any Error {
        do {
            try body()
        } catch {
            return error
        }
        return TestPostgresFailure("no error")
    }

    /// A loopback port nothing listens on.
    private func closedPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
