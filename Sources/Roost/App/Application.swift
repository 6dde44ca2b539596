import Hummingbird
import HummingbirdCore
import Logging

/// Builds the whole server from its settings. The `roost serve` command and the tests both
/// call this, so tests exercise the real router, middleware and storage.
public func buildApplication(_ settings: Settings, clock underlying: WallClock = .system) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "roost")
    logger.logLevel = settings.logLevel
    let random = RandomTokens(seed: settings.seed)
    let metrics = RoostMetrics()

    let database = try AppDatabase(
        location: settings.databasePath, postgresReaders: settings.postgresReaders, durability: settings.durability,
        metrics: metrics.factory, logger: logger
    )
    // Every time Roost reads comes from the clock tests can move (`/roost/clock`).
    let emulatorClock = EmulatorClock(base: underlying)
    let emulator = Emulator(
        clock: emulatorClock, faults: FaultInjection(), deliveries: DeliveryAttempts(),
        journal: RequestJournal(capacity: settings.requestJournalSize, bodyLimit: settings.requestJournalBodyLimit),
        rateLimits: RateLimiter(plan: settings.rateLimits, clock: emulatorClock.wallClock)
    )
    let clock = emulator.clock.wallClock
    let files = FileStorage(
        directory: settings.uploadsDirectory, baseURL: settings.baseURL, applicationID: settings.applicationID, random: random
    )
    let archive = SnapshotArchive(database: database, files: files, clock: clock)
    if let path = settings.importPath {
        try await archive.load(from: path)
        logger.notice("Started from the snapshot \(path)")
    }
    // The clock as `/roost/clock` last set it, on this or another node, or before a restart.
    let clockSetting = EmulatorClockService(clock: emulatorClock, database: database)
    try await clockSetting.load()
    let stored = try await ApplicationService(database: database, random: random).masterToken()
    if settings.apiToken == nil && stored.generated {
        logger.notice("Generated a master API token (kept in the database); send it as Api-Token: \(stored.token)")
    }
    logger.info("Roost \(roostVersion), application \(settings.applicationID), serving on http://\(settings.host):\(settings.port)")

    let masterToken = settings.apiToken ?? stored.token
    // No stream of this node's is open yet, whatever a crash left counted.
    let presence = NodePresence(database: database, heartbeats: underlying, clock: clock)
    try await presence.start()
    let events = EventLog(applicationID: settings.applicationID)
    // The webhook settings that shape events, read at start and again with the other settings.
    let loadEventOptions: @Sendable () async throws -> Void = {
        events.options.update(try await database.read { db in try WebhookRepository().settings(in: db).eventOptions })
    }
    try await loadEventOptions()
    database.onCommit { events.notifier.committed() }
    // Another node's commit may have recorded events: streams and feeds here read the log.
    database.onCommitElsewhere {
        events.notifier.recorded()
        events.notifier.committed()
    }
    let delivery = DeliveryEngine(
        database: database, notifier: events.notifier, clock: clock, masterToken: masterToken,
        timing: .init(
            timeout: .milliseconds(Int64(settings.webhookTimeout * 1000)), retryDelay: .milliseconds(settings.webhookRetryDelay),
            concurrency: settings.webhookConcurrency
        ),
        feeds: [WebhookFeed(), BotFeed(applicationID: settings.applicationID), PushRelayFeed(url: settings.pushRelayURL)],
        logger: logger, attempts: emulator.deliveries, metrics: metrics.factory
    )
    let retention = EventRetention(
        database: database, clock: clock, period: .seconds(Int64(settings.eventRetentionDays) * 86_400),
        count: settings.eventRetentionCount, logger: logger
    )
    let access = APIAccessService(database: database, clock: clock, access: APIAccessList(masterToken: masterToken), random: random)
    try await access.load(clearingWhitelist: settings.clearIPWhitelist)
    if settings.clearIPWhitelist { logger.notice("Cleared the IP whitelist: every address may use the API") }
    // What every node keeps in memory of the settings, read again when another node changed
    // them (and after a snapshot's restore).
    let reloadSettings: @Sendable () async throws -> Void = {
        try await access.load(clearingWhitelist: false)
        try await loadEventOptions()
        try await clockSetting.load()
        delivery.settingsChanged()
    }
    database.onSettingsChangedElsewhere { [logger] in
        Task {
            do {
                try await reloadSettings()
            } catch {
                logger.warning("Could not read the settings another node changed: \(error)")
            }
        }
    }
    let snapshots = SnapshotStore(directory: settings.snapshotsDirectory, archive: archive, gate: RestoreGate()) {
        try await clockSetting.keep()
        try await reloadSettings()
    }
    let followers = LogFollowers(database: database, events: events)
    try await followers.register()
    let console = ConsoleAPI()
    let (router, jobs) = buildRouter(
        AppParts(
            settings: settings, metrics: metrics, random: random, access: access, database: database, clock: clock,
            events: events, delivery: delivery, emulator: emulator, files: files, snapshots: snapshots, console: console,
            followers: followers
        )
    )
    let responder = router.buildResponder()
    console.connect(responder)
    var configuration = ApplicationConfiguration(address: .hostname(settings.host, port: settings.port), serverName: "Roost")
    configuration.availableConnectionsDelegate = CountedConnections(maximum: settings.maxConnections, metrics: metrics)
    return Application(
        responder: responder,
        server: .http1(
            configuration: .init(
                idleTimeout: .seconds(Int64(settings.idleTimeout)),
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: settings.maxHeaderSize, maxHeaderListSize: settings.maxHeaderSize
                )
            )
        ),
        configuration: configuration,
        // On SIGTERM or SIGINT the server stops accepting, finishes the requests in flight,
        // and only then does the database close.
        services: [
            DatabaseService(database: database, exportOnExit: settings.exportOnExitPath.map { (archive, $0) }, logger: logger), presence,
            delivery, retention,
            Scheduler(database: database, clock: clock, handlers: jobs, logger: logger),
        ] + followers.services,
        logger: logger
    )
}
