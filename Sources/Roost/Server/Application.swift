import Hummingbird
import Logging

/// Builds the whole server from its settings. The `roost serve` command and the tests both
/// call this, so tests exercise the real router, middleware and storage.
public func buildApplication(_ settings: Settings, clock: WallClock = .system) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "roost")
    logger.logLevel = settings.logLevel

    let database = try AppDatabase(path: settings.databasePath)
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
    return Application(
        router: router,
        configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "Roost"),
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
    let users = UserService(database: database, clock: clock)
    let groupChannels = GroupChannelService(database: database, clock: clock)
    UserRoutes(users: users).register(on: api.group("users"))
    MyGroupChannelRoutes(channels: groupChannels).register(on: api.group("users"))
    GroupChannelRoutes(channels: groupChannels).register(on: api.group("group_channels"))
    OpenChannelRoutes(channels: OpenChannelService(database: database, clock: clock)).register(on: api.group("open_channels"))
    let files = FileStorage(directory: settings.uploadsDirectory, baseURL: settings.baseURL, applicationID: settings.applicationID)
    FileRoutes(storage: files).register(on: router.group("files"))
    MessageRoutes(messages: MessageService(database: database, clock: clock), files: files).register(on: api)
    MessageExtrasRoutes(extras: MessageExtrasService(database: database, clock: clock)).register(on: api)
    SearchRoutes(search: SearchService(database: database)).register(on: api.group("search"))
    let readState = ReadStateRoutes(readState: ReadStateService(database: database, clock: clock))
    readState.register(channels: api)
    readState.register(users: api.group("users"))
    ChannelMetadataRoutes(metadata: ChannelMetadataService(database: database, clock: clock)).register(on: api)
    ApplicationRoutes(application: ApplicationService(database: database)).register(on: api.group("applications"))
    return router
}

struct HealthStatus: ResponseEncodable {
    let status = "ok"
}
