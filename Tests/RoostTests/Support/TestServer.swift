import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Roost
import Testing

/// Runs Roost on a loopback port over a real SQLite file and hands the test an HTTP client.
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
    _ test: @Sendable (API) async throws -> Value
) async throws -> Value {
    let file = database ?? TemporaryDatabase()
    let uploads = FileManager.default.temporaryDirectory.appendingPathComponent("roost-uploads-\(UUID().uuidString)").path
    defer {
        if database == nil { file.remove() }
        try? FileManager.default.removeItem(atPath: uploads)
        try? FileManager.default.removeItem(atPath: uploads + "-snapshots")
    }
    let settings = Settings(
        host: "127.0.0.1", port: 0, databasePath: file.path, apiToken: API.token,
        logLevel: .warning, maxBodySize: maxBodySize, maxUploadSize: 64 * 1024, uploadsDirectory: uploads,
        maxMessagesPerSecond: maxMessagesPerSecond, clearIPWhitelist: clearIPWhitelist, snapshotsDirectory: uploads + "-snapshots",
        answerCacheSize: answerCacheSize, rateLimits: rateLimits
    )
    let app = try await buildApplication(settings, clock: clock.wallClock)
    return try await app.test(testing) { client in try await test(API(client: client, snapshotsDirectory: uploads + "-snapshots")) }
}
