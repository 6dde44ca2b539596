import Hummingbird

/// The composition root of the HTTP side: middleware, then `/health` and `/metrics`, then
/// every feature's routes under `/v3`, then the uploaded files, Roost's own routes and the
/// console; with them, the handlers of
/// the work features leave to the scheduler. The only place that knows every feature.
func buildRouter(
    settings: Settings, metrics: RoostMetrics, random: RandomTokens, access: APIAccessService, database: AppDatabase, clock: WallClock,
    events: EventLog, delivery: DeliveryEngine, emulator: Emulator, files: FileStorage, snapshots: SnapshotStore, console: ConsoleAPI, followers: LogFollowers
) throws -> (router: Router<RoostContext>, jobs: [any JobHandler]) {
    let router = Router(context: RoostContext.self)
    // Outermost, so it counts every answer with its final status, errors included.
    router.add(middleware: RequestMetricsMiddleware(metrics: metrics))
    // A layer that would have nothing to do on any request is left out of the chain, so it
    // costs nothing: the request log below `info`, the journal when its size is 0.
    if settings.logLevel <= .info { router.add(middleware: RequestLogMiddleware()) }
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: BodyLimitMiddleware(maxSize: settings.maxBodySize, maxUploadSize: settings.maxUploadSize))
    if emulator.journal.isOn { router.add(middleware: RequestJournalMiddleware(journal: emulator.journal, clock: clock)) }
    router.add(middleware: FaultMiddleware(faults: emulator.faults))
    router.add(middleware: RestoreGateMiddleware(gate: snapshots.gate))

    HealthRoutes(storage: database.storage, metrics: metrics).register(on: router)

    let api = router.group("v3").add(middleware: APITokenMiddleware(policy: access.access))
    let users = api.group("users")
    let readState = ReadStateRoutes(readState: ReadStateService(database: database, clock: clock, events: events))
    let autoMessages = AutoEventMessages(log: events)
    let floodGate = FloodGate(limit: settings.maxMessagesPerSecond)
    database.deletions.onDelete { floodGate.forget($0) }
    // Users' summaries as pages show them, kept between reads while no user changes.
    let userSummaries = UserSummaryCache()
    let messages = MessageService(
        database: database, clock: clock, events: events, floodGate: floodGate, departures: autoMessages,
        userSummaries: userSummaries, historyCache: HistoryCache(capacity: settings.historyCacheSize, metrics: metrics.factory)
    )

    // Users and the application.
    let userService = UserService(
        database: database, clock: clock, departures: LeaveAllGroupChannels(events: events, departures: autoMessages),
        random: random
    )
    UserRoutes(users: userService, unreadTotals: readState, files: files).register(on: users)
    let applications = api.group("applications")
    ApplicationRoutes(application: ApplicationService(database: database, random: random)).register(on: applications)
    APIAccessRoutes(access: access).register(on: applications)
    WebhookRoutes(
        webhooks: WebhookService(database: database, events: events, delivery: delivery), applicationID: settings.applicationID
    ).register(on: applications)

    // Channels, with their metadata and meta counters.
    let groupChannels = GroupChannelService(
        database: database, clock: clock, events: events, random: random, userSummaries: userSummaries
    )
    GroupChannelRoutes(channels: groupChannels, files: files).register(on: api.group("group_channels"))
    MyGroupChannelRoutes(channels: groupChannels).register(on: users)
    let openChannels = OpenChannelService(database: database, clock: clock, events: events, random: random)
    OpenChannelRoutes(channels: openChannels, files: files).register(on: api.group("open_channels"))
    ChannelMetadataRoutes(metadata: ChannelMetadataService(database: database, clock: clock, events: events)).register(on: api)

    // Moderation and reports.
    let moderation = ModerationRoutes(
        moderation: ModerationService(database: database, clock: clock, events: events, departures: autoMessages),
        channels: ChannelResponses(group: groupChannels, open: openChannels)
    )
    moderation.register(channels: api)
    moderation.register(users: users)
    CustomTypeModerationRoutes(
        moderation: CustomTypeModerationService(database: database, clock: clock, events: events, departures: autoMessages)
    ).register(on: applications)
    BlockRoutes(blocks: BlockService(database: database, clock: clock, events: events)).register(on: users)
    let report = api.group("report")
    ReportRoutes(reports: ReportService(database: database, clock: clock, events: events)).register(on: report)
    ModerationFilterRoutes(filters: ModerationFilterService(database: database)).register(applications: applications, report: report)

    // Messages, their extras, read state, search, imports and uploaded files.
    MessageRoutes(messages: messages, files: files).register(on: api)
    MessagePinRoutes(
        pins: MessagePinService(database: database, clock: clock), channels: ChannelResponses(group: groupChannels, open: openChannels)
    ).register(on: api)
    MessageExtrasRoutes(extras: MessageExtrasService(database: database, clock: clock, events: events)).register(on: api)
    readState.register(channels: api)
    readState.register(users: users)
    SearchRoutes(search: SearchService(database: database, userSummaries: userSummaries)).register(on: api.group("search"))
    MigrationRoutes(messages: messages).register(on: api.group("migration"))
    FileRoutes(storage: files).register(on: router.group("files"))
    let scheduledMessages = ScheduledMessageService(database: database, clock: clock, messages: messages)
    ScheduledMessageRoutes(scheduled: scheduledMessages, files: files).register(on: api)
    EmojiRoutes(emojis: EmojiService(database: database)).register(api: api, applications: applications)
    let announcements = AnnouncementService(
        database: database, clock: clock, messages: messages, channels: groupChannels, events: events, random: random
    )
    AnnouncementRoutes(announcements: announcements, clock: clock).register(on: api)
    let exports = DataExportService(database: database, clock: clock, files: files)
    DataExportRoutes(exports: exports).register(on: api.group("export"))
    let gdpr = GDPRService(database: database, clock: clock, files: files)
    GDPRRoutes(gdpr: gdpr).register(on: api.group("privacy/gdpr"))
    let polls = PollService(database: database, clock: clock)
    PollRoutes(polls: polls).register(on: api.group("polls"))

    // Push: device tokens and preferences, the application's providers and templates.
    PushRoutes(push: PushService(database: database, clock: clock, events: events)).register(users: users, push: api.group("push"))
    PushConfigurationRoutes(push: PushConfigurationService(database: database, clock: clock, random: random)).register(on: applications)

    // Statistics.
    StatisticsRoutes(statistics: StatisticsService(database: database, clock: clock, senders: followers.senders))
        .register(applications: applications, statistics: api.group("statistics"))

    // Bots.
    BotRoutes(
        bots: BotService(database: database, clock: clock, events: events, channels: groupChannels, messages: messages, random: random),
        files: files
    ).register(on: api.group("bots"))

    // Roost's own routes: the event log and its live stream, the push outbox.
    let openStreams = OpenStreams()
    database.deletions.onDelete { openStreams.forget($0) }
    EventStreamRoutes(
        stream: EventStreamService(database: database, notifier: events.notifier),
        access: EventStreamAccess(policy: access.access, users: userService), users: userService, openStreams: openStreams,
        stallTimeout: .milliseconds(Int64(settings.streamStallTimeout * 1000))
    ).register(on: router.group("roost"))
    let roost = router.group("roost").add(middleware: APITokenMiddleware(policy: access.access))
    PushOutboxRoutes(database: database, pushes: followers.pushes).register(on: roost)
    EmulatorRoutes(emulator: emulator, reset: EmulatorReset(database: database, files: files), snapshots: snapshots).register(on: roost)

    // The admin console: pages over the API above, through `console`.
    ConsoleRoutes(api: console, sessions: ConsoleSessions(random: random), policy: access.access, database: database, clock: clock)
        .register(on: router.group("console"))
    return (router, [
        JobRunner(kind: ScheduledMessageService.jobKind) { try scheduledMessages.run($0, at: $1, in: $2) },
        JobRunner(kind: PollService.closeJobKind) { try polls.runClose($0, at: $1, in: $2) },
        JobRunner(kind: AnnouncementService.jobKind) { try announcements.run($0, at: $1, in: $2) },
        JobRunner(kind: DataExportService.runKind, prepare: exports.prepare, run: exports.run, discard: exports.discard),
        JobRunner(kind: GDPRService.runKind, prepare: gdpr.prepare, run: gdpr.run, discard: gdpr.discard),
        JobRunner(kind: ExportedFiles.expiryKind, prepare: { _, _ in }, run: { job, _, _, db, afterCommit in
            try ExportedFiles(files: files).expire(job, in: db, afterCommit: afterCommit)
        }, discard: { _ in }),
    ])
}
