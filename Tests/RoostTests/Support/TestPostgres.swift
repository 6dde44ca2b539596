import Foundation
import Logging
import PostgresNIO

@testable import Roost

/// The throwaway PostgreSQL that `scripts/test` starts (`ROOST_TEST_POSTGRES_URL`): tests of the
/// PostgreSQL engine make a database of their own on it and drop it afterwards.
enum TestPostgres {
    static let url = ProcessInfo.processInfo.environment["ROOST_TEST_POSTGRES_URL"].flatMap(URLComponents.init(string:))

    static let logger = Logger(label: "roost-tests-postgres")

    /// A connection to `database` (the server's own `postgres` database when nil).
    static func connect(to database: String? = nil) async throws -> PostgresConnection {
        guard let url, let host = url.host else { throw TestPostgresMissing() }
        let configuration = PostgresConnection.Configuration(
            host: host, port: url.port ?? 5432, username: url.user ?? "postgres", password: url.password,
            database: database ?? String(url.path.dropFirst()), tls: .disable
        )
        return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    }

    /// Runs `body` with a connection to a new database, dropped afterwards: empty, or with
    /// Roost's schema as the engine migrates it (`withSchema`, a copy of the servers' template).
    static func withDatabase<Value>(withSchema: Bool = false, _ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        let name = "roost_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        let copied = withSchema ? " TEMPLATE \(try await template.value)" : ""
        let server = try await connect()
        _ = try await server.simpleQuery("CREATE DATABASE \(name)\(copied)").get()
        do {
            let connection = try await connect(to: name)
            let value: Value
            do {
                value = try await body(connection)
            } catch {
                try? await connection.close()
                throw error
            }
            try await connection.close()
            _ = try await server.simpleQuery("DROP DATABASE \(name)").get()
            try await server.close()
            return value
        } catch {
            _ = try? await server.simpleQuery("DROP DATABASE IF EXISTS \(name)").get()
            try? await server.close()
            throw error
        }
    }
}

extension TestPostgres {
    /// Whether the servers of the tests run on PostgreSQL (`ROOST_TEST_ENGINE=postgres`) rather
    /// than on a SQLite file: the whole suite then runs on the second engine.
    static let serversUsePostgres = ProcessInfo.processInfo.environment["ROOST_TEST_ENGINE"] == "postgres"

    /// A database with Roost's schema made once, which each server's database is copied from
    /// (`CREATE DATABASE ... TEMPLATE`): a copy takes a fraction of migrating anew.
    private static let template = Task<String, any Error> {
        let name = "roost_test_template_\(ProcessInfo.processInfo.processIdentifier)"
        let server = try await connect()
        _ = try await server.simpleQuery("DROP DATABASE IF EXISTS \(name)").get()
        _ = try await server.simpleQuery("CREATE DATABASE \(name)").get()
        try await server.close()
        let database = try AppDatabase(location: url(of: name))
        try await database.close()
        return name
    }

    /// The URL of database `name` on the tests' PostgreSQL.
    static func url(of name: String) throws -> String {
        guard var url else { throw TestPostgresMissing() }
        url.path = "/" + name
        return url.string!
    }

    /// A new database with Roost's schema, for one server: its URL, and how to drop it.
    static func serverDatabase() async throws -> (url: String, drop: @Sendable () async -> Void) {
        let template = try await template.value
        let name = "roost_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        let server = try await connect()
        do {
            _ = try await server.simpleQuery("CREATE DATABASE \(name) TEMPLATE \(template)").get()
        } catch {
            try? await server.close()
            // PostgresNIO's own description of an error leaves the server's words out.
            throw TestPostgresFailure(String(reflecting: error))
        }
        try await server.close()
        return (try url(of: name), {
            guard let server = try? await connect() else { return }
            _ = try? await server.simpleQuery("DROP DATABASE IF EXISTS \(name) WITH (FORCE)").get()
            try? await server.close()
        })
    }
}

struct TestPostgresMissing: Error, CustomStringConvertible {
    var description: String { "ROOST_TEST_POSTGRES_URL names no PostgreSQL (scripts/test starts one)" }
}

struct TestPostgresFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
