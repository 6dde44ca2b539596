import Foundation
import GRDB
import Logging
import Metrics
import Testing

@testable import Roost

/// Keeps `openapi.yaml` true: it documents exactly the routes the router serves.
/// (The compatibility suite checks that the document is valid OpenAPI.)
@Suite struct OpenAPITests {
    @Test func documentListsExactlyTheServedRoutes() throws {
        let database = try AppDatabase(DatabaseQueue())
        let events = EventLog(applicationID: "unused")
        let random = RandomTokens()
        let files = FileStorage(directory: "unused", baseURL: "unused", applicationID: "unused", random: random)
        let (router, _) = buildRouter(AppParts(
            settings: Settings(),
            metrics: RoostMetrics(),
            random: random,
            access: APIAccessService(database: database, clock: .system, access: APIAccessList(masterToken: "unused"), random: random),
            database: database,
            clock: .system,
            events: events,
            delivery: DeliveryEngine(
                database: database, notifier: events.notifier, clock: .system, masterToken: "unused", timing: .init(),
                feeds: [], logger: Logger(label: "unused"), metrics: NOOPMetricsHandler.instance
            ),
            emulator: Emulator(
                clock: EmulatorClock(base: .system), faults: FaultInjection(), deliveries: DeliveryAttempts(),
                journal: RequestJournal(capacity: 0, bodyLimit: 0), rateLimits: RateLimiter(plan: .off, clock: .system)
            ),
            files: files,
            snapshots: SnapshotStore(
                directory: "unused", archive: SnapshotArchive(database: database, files: files, clock: .system), gate: RestoreGate()
            ) {},
            console: ConsoleAPI(),
            followers: LogFollowers(database: database, events: events)
        ))
        // The console's HTML pages are not part of the API the document describes.
        let served = Set(router.routes.filter { !$0.path.description.hasPrefix("/console") }.map { route in
            let path = route.path.description
                .split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
                .joined(separator: "/")
            return "\(route.method.rawValue) \(path)"
        })
        // A route documented under `{channel_type}` is served once per channel type, under its name.
        let documented = Set(try Self.documentedRoutes().flatMap { route in
            route.contains("{channel_type}")
                ? ChannelType.allCases.map { route.replacingOccurrences(of: "{channel_type}", with: $0.rawValue) } : [route]
        })
        #expect(served.subtracting(documented).sorted() == [], "served but missing from openapi.yaml")
        #expect(documented.subtracting(served).sorted() == [], "in openapi.yaml but not served")
    }

    /// Reads `METHOD /path` pairs from the `paths:` section: paths sit two spaces in,
    /// their operations four.
    static func documentedRoutes() throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head"]
        var routes = Set<String>()
        var inPaths = false
        var currentPath: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") && !line.isEmpty {
                inPaths = line == "paths:"
                continue
            }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                currentPath = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"),
                let path = currentPath, methods.contains(String(line.dropFirst(4).dropLast()))
            {
                routes.insert("\(line.dropFirst(4).dropLast().uppercased()) \(path)")
            }
        }
        return routes
    }
}
