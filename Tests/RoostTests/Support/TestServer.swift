import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Roost
import Testing

/// Runs Roost on a loopback port over a real SQLite file (or a PostgreSQL database, with
/// `ROOST_TEST_ENGINE=postgres`) and hands the test an HTTP client.
@discardableResult
func withServer<Value>(
    database: TemporaryDatabase? = nil,
    clock: TestClock = TestClock(),
    maxBodySize: Int = Settings.defaults.maxBodySize,
    maxMessagesPerSecond: Int = 0,
    clearIPWhitelist: Bool = false,
    answerCacheSize: Int = Settings.defaults.answerCacheSize,
    rateLimits: RateLimitPlan = .off,
    testing: TestingSetup = .live,
    engine: TestEngine = .configured,
    _ test: @Sendable (API) async throws -> Value
) async throws -> Value {
    let file = database ?? TemporaryDatabase()
    let uploads = FileManager.default.temporaryDirectory.appendingPathComponent("roost-uploads-\(UUID().uuidString)").path
    defer {
        if database == nil { file.remove() }
        try? FileManager.default.removeItem(atPath: uploads)
        try? FileManager.default.removeItem(atPath: uploads + "-snapshots")
    }
    let postgres = database == nil && engine.isPostgres ? try await TestPostgres.serverDatabase() : nil
    let settings = Settings(
        host: "127.0.0.1", port: 0, databasePath: postgres?.url ?? file.path, postgresReaders: 2, apiToken: API.token,
        logLevel: .warning, maxBodySize: maxBodySize, maxUploadSize: 64 * 1024, uploadsDirectory: uploads,
        maxMessagesPerSecond: maxMessagesPerSecond, clearIPWhitelist: clearIPWhitelist, snapshotsDirectory: uploads + "-snapshots",
        answerCacheSize: answerCacheSize, rateLimits: rateLimits
    )
    let app = try await buildApplication(settings, clock: clock.wallClock)
    do {
        let value = try await app.test(testing) { client in try await test(API(client: client, snapshotsDirectory: uploads + "-snapshots")) }
        await postgres?.drop()
        return value
    } catch {
        await postgres?.drop()
        throw error
    }
}

/// The engine a test's server runs on.
enum TestEngine {
    /// PostgreSQL with `ROOST_TEST_ENGINE=postgres` (the whole suite then runs on it), else SQLite.
    case configured
    /// SQLite whatever the setting: tests of what only SQLite does (snapshots copy its file).
    case sqlite
    /// PostgreSQL whatever the setting: tests of what PostgreSQL alone answers.
    case postgres

    var isPostgres: Bool {
        switch self {
        case .configured: TestPostgres.serversUsePostgres
        case .sqlite: false
        case .postgres: true
        }
    }
}
