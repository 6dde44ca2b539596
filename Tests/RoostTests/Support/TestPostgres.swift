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

extension TestPostgres {
    /// The statements of a SQL script, each without its `;`: PostgreSQL takes one statement a
    /// query. Quoted text, quoted names, dollar-quoted bodies and comments may hold `;`.
    static func statements(in script: String) -> [String] {
        let text = Array(script.unicodeScalars)
        var statements: [String] = []
        var current = String.UnicodeScalarView()
        var index = 0
        func flush() {
            let statement = String(current).trimmingCharacters(in: .whitespacesAndNewlines)
            if !statement.isEmpty { statements.append(statement) }
            current = String.UnicodeScalarView()
        }
        func starts(_ prefix: String, at position: Int) -> Bool {
            let scalars = Array(prefix.unicodeScalars)
            return position + scalars.count <= text.count && Array(text[position..<position + scalars.count]) == scalars
        }
        while index < text.count {
            let scalar = text[index]
            if starts("--", at: index) {
                while index < text.count, text[index] != "\n" { index += 1 }
                continue
            }
            if starts("/*", at: index) {
                index += 2
                while index < text.count, !starts("*/", at: index) { index += 1 }
                index += 2
                continue
            }
            if scalar == "'" || scalar == "\"" {
                current.append(scalar)
                index += 1
                while index < text.count {
                    current.append(text[index])
                    index += 1
                    if text[index - 1] == scalar {
                        if index < text.count, text[index] == scalar { current.append(text[index]); index += 1 } else { break }
                    }
                }
                continue
            }
            if scalar == "$", let end = text[(index + 1)...].firstIndex(of: "$"),
               text[(index + 1)..<end].allSatisfy({ $0.properties.isAlphabetic || $0 == "_" }) {
                let tag = String(String.UnicodeScalarView(text[index...end]))
                current.append(contentsOf: tag.unicodeScalars)
                index = end + 1
                while index < text.count, !starts(tag, at: index) { current.append(text[index]); index += 1 }
                if index < text.count { current.append(contentsOf: tag.unicodeScalars); index += tag.unicodeScalars.count }
                continue
            }
            if scalar == ";" {
                flush()
            } else {
                current.append(scalar)
            }
            index += 1
        }
        flush()
        return statements
    }
}
