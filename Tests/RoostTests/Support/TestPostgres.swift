import Foundation
import Logging
import PostgresNIO

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

    /// Runs `body` with a connection to a new, empty database, dropped afterwards.
    static func withDatabase<Value>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        let name = "roost_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        let server = try await connect()
        try await server.simpleQuery("CREATE DATABASE \(name)").get()
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
            try await server.simpleQuery("DROP DATABASE \(name)").get()
            try await server.close()
            return value
        } catch {
            _ = try? await server.simpleQuery("DROP DATABASE IF EXISTS \(name)").get()
            try? await server.close()
            throw error
        }
    }
}

struct TestPostgresMissing: Error, CustomStringConvertible {
    var description: String { "ROOST_TEST_POSTGRES_URL names no PostgreSQL (scripts/test starts one)" }
}
