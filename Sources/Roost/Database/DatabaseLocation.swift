import Foundation
import NIOSSL
import PostgresNIO

/// Where Roost keeps its data, as `--database` names it: a SQLite file's path, or a PostgreSQL
/// database's URL (`docs/storage.md`).
enum DatabaseLocation: Equatable {
    case sqlite(path: String)
    case postgres(PostgresAddress)

    /// Reads `--database`: a `postgres://` or `postgresql://` URL names PostgreSQL; anything
    /// else is a path.
    init(_ text: String) throws {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") else {
            self = .sqlite(path: text)
            return
        }
        self = .postgres(try PostgresAddress(text))
    }
}

/// A PostgreSQL database as libpq's URLs name it:
/// `postgres://user:password@host:port/database?sslmode=mode`.
struct PostgresAddress: Equatable, CustomStringConvertible {
    /// libpq's `sslmode`s.
    enum TLSMode: String, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String
    var tlsMode: TLSMode

    init(_ text: String) throws {
        guard let url = URLComponents(string: text) else {
            throw DatabaseURLError("\(Self.redacted(text)) is not a URL")
        }
        guard let host = url.host, !host.isEmpty else {
            throw DatabaseURLError("\(Self.redacted(text)) names no host")
        }
        self.host = host
        port = url.port ?? 5432
        guard (1...65535).contains(port) else { throw DatabaseURLError("\(Self.redacted(text)) has no valid port") }
        user = url.user?.removingPercentEncoding ?? "postgres"
        password = url.password?.removingPercentEncoding
        let name = String(url.path.drop(while: { $0 == "/" }))
        database = name.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 } ?? user
        var tlsMode = TLSMode.prefer
        for item in url.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    let modes = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
                    throw DatabaseURLError("sslmode must be one of \(modes), not \(item.value ?? "nothing")")
                }
                tlsMode = mode
            case "application_name", "connect_timeout":
                continue
            default:
                throw DatabaseURLError("Roost does not know the database URL's parameter \(item.name) (it takes sslmode)")
            }
        }
        self.tlsMode = tlsMode
    }

    /// The URL without its password, for messages and logs.
    var description: String {
        "postgres://\(user)@\(host):\(port)/\(database)?sslmode=\(tlsMode.rawValue)"
    }

    private static func redacted(_ text: String) -> String {
        guard var url = URLComponents(string: text), url.password != nil else { return text }
        url.password = "***"
        return url.string ?? text
    }

    /// PostgresNIO's configuration for a connection, TLS as `sslmode` asks: `disable` never,
    /// `allow` and `prefer` when the server offers it, `require` always without checking the
    /// certificate, `verify-ca` checking it against the system's authorities, and `verify-full`
    /// checking the host name too.
    func configuration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch tlsMode {
        case .disable:
            tls = .disable
        case .allow, .prefer:
            var settings = TLSConfiguration.makeClientConfiguration()
            settings.certificateVerification = .none
            tls = .prefer(try NIOSSLContext(configuration: settings))
        case .require:
            var settings = TLSConfiguration.makeClientConfiguration()
            settings.certificateVerification = .none
            tls = .require(try NIOSSLContext(configuration: settings))
        case .verifyCA:
            var settings = TLSConfiguration.makeClientConfiguration()
            settings.certificateVerification = .noHostnameVerification
            tls = .require(try NIOSSLContext(configuration: settings))
        case .verifyFull:
            tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        return PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
    }
}

/// `--database` names PostgreSQL in a way Roost cannot use.
struct DatabaseURLError: Error, CustomStringConvertible {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    var description: String { "The database URL cannot be used: \(reason)." }
}
