import Hummingbird
import HummingbirdCore
import Logging

/// Builds the whole server from its settings. The `roost serve` command and the tests both
/// call this, so tests exercise the real router, middleware and storage.
public func buildApplication(_ settings: Settings, clock: WallClock = .system) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "roost")
    logger.logLevel = settings.logLevel

    let database = try AppDatabase(path: settings.databasePath, durability: settings.durability)
    let stored = try await ApplicationService(database: database).masterToken()
    if settings.apiToken == nil && stored.generated {
        logger.notice("Generated a master API token (kept in \(settings.databasePath)); send it as Api-Token: \(stored.token)")
    }
    logger.info("Roost application \(settings.applicationID) serving on http://\(settings.host):\(settings.port)")

    let router = buildRouter(
        settings: settings,
        apiToken: settings.apiToken ?? stored.token,
        database: database,
        clock: clock
    )
    var configuration = ApplicationConfiguration(address: .hostname(settings.host, port: settings.port), serverName: "Roost")
    configuration.availableConnectionsDelegate = MaximumAvailableConnections(settings.maxConnections)
    return Application(
        router: router,
        server: .http1(
            configuration: .init(
                idleTimeout: .seconds(Int64(settings.idleTimeout)),
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: settings.maxHeaderSize, maxHeaderListSize: settings.maxHeaderSize
                )
            )
        ),
        configuration: configuration,
        logger: logger
    )
}

func buildRouter(settings: Settings, apiToken: String, database: AppDatabase, clock: WallClock) -> Router<RoostContext> {
    let router = Router(context: RoostContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: BodyLimitMiddleware(maxSize: settings.maxBodySize, maxUploadSize: settings.maxUploadSize))

    router.get("/health") { _, _ in HealthStatus() }

    let api = router.group("v3").add(middleware: APITokenMiddleware(token: apiToken))
    let users = api.group("users")
    let readState = ReadStateService(database: database, clock: clock)
    let messages = MessageService(database: database, clock: clock, floodGate: FloodGate(limit: settings.maxMessagesPerSecond))
    let files = FileStorage(directory: settings.uploadsDirectory, baseURL: settings.baseURL, applicationID: settings.applicationID)

    // Users and the application.
    UserRoutes(users: UserService(database: database, clock: clock), readState: readState).register(on: users)
    ApplicationRoutes(application: ApplicationService(database: database)).register(on: api.group("applications"))

    // Channels, with their metadata and meta counters.
    let groupChannels = GroupChannelService(database: database, clock: clock)
    GroupChannelRoutes(channels: groupChannels).register(on: api.group("group_channels"))
    MyGroupChannelRoutes(channels: groupChannels).register(on: users)
    let openChannels = OpenChannelService(database: database, clock: clock)
    OpenChannelRoutes(channels: openChannels).register(on: api.group("open_channels"))
    ChannelMetadataRoutes(metadata: ChannelMetadataService(database: database, clock: clock)).register(on: api)

    // Moderation.
    let moderation = ModerationRoutes(
        moderation: ModerationService(database: database, clock: clock), groupChannels: groupChannels, openChannels: openChannels
    )
    moderation.register(channels: api)
    moderation.register(users: users)
    BlockRoutes(blocks: BlockService(database: database, clock: clock)).register(on: users)
    ReportRoutes(reports: ReportService(database: database, clock: clock)).register(on: api.group("report"))

    // Messages, their extras, read state, search, imports and uploaded files.
    MessageRoutes(messages: messages, files: files).register(on: api)
    MessageExtrasRoutes(extras: MessageExtrasService(database: database, clock: clock)).register(on: api)
    let readStateRoutes = ReadStateRoutes(readState: readState)
    readStateRoutes.register(channels: api)
    readStateRoutes.register(users: users)
    SearchRoutes(search: SearchService(database: database)).register(on: api.group("search"))
    MigrationRoutes(messages: messages).register(on: api.group("migration"))
    FileRoutes(storage: files).register(on: router.group("files"))
    return router
}

struct HealthStatus: ResponseEncodable {
    let status = "ok"
}
