import Hummingbird

/// Each feature's services and routes, made from the application's parts. A feature registers
/// its routes and answers the handlers of the work it leaves to the scheduler. The services
/// several features use are made once, here.
struct Features {
    private let parts: AppParts
    private let api: RouterGroup<RoostContext>
    private let users: RouterGroup<RoostContext>
    private let applications: RouterGroup<RoostContext>
    /// Without the API token's check, for what checks access its own way or needs none.
    private let router: Router<RoostContext>

    private let userSummaries: UserSummaryCache
    private let autoMessages: AutoEventMessages
    private let userService: UserService
    private let readState: ReadStateRoutes
    private let messages: MessageService
    private let groupChannels: GroupChannelService
    private let openChannels: OpenChannelService

    init(_ parts: AppParts, on router: Router<RoostContext>) {
        self.parts = parts
        self.router = router
        api = router.group("v3").add(middleware: APITokenMiddleware(policy: parts.access.access))
        users = api.group("users")
        applications = api.group("applications")
        let (database, clock, events) = (parts.database, parts.clock, parts.events)
        // Users' summaries as pages show them, kept between reads while no user changes.
        userSummaries = UserSummaryCache()
        autoMessages = AutoEventMessages(log: events)
        // History pages and channel views, kept between reads within one budget.
        let answers = AnswerCache(capacity: parts.settings.answerCacheSize)
        userService = UserService(
            database: database, clock: clock, departures: LeaveAllGroupChannels(events: events, departures: autoMessages),
            random: parts.random
        )
        readState = ReadStateRoutes(readState: ReadStateService(database: database, clock: clock, events: events))
        messages = MessageService(
            database: database, clock: clock, events: events,
            floodLimit: FloodLimit(perSecond: parts.settings.maxMessagesPerSecond), departures: autoMessages,
            userSummaries: userSummaries,
            historyCache: HistoryCache(answers: answers, metrics: parts.metrics.factory)
        )
        groupChannels = GroupChannelService(
            database: database, clock: clock, events: events, random: parts.random, userSummaries: userSummaries,
            viewCache: ChannelViewCache(answers: answers, metrics: parts.metrics.factory),
            listCache: ChannelListCache(answers: answers, metrics: parts.metrics.factory)
        )
        openChannels = OpenChannelService(database: database, clock: clock, events: events, random: parts.random)
    }

    private var channelResponses: ChannelResponses {
        ChannelResponses(group: groupChannels, open: openChannels)
    }

    /// Users, the application's settings, API tokens and webhooks.
    func usersAndApplication() -> [any JobHandler] {
        let (database, random) = (parts.database, parts.random)
        UserRoutes(users: userService, unreadTotals: readState, files: parts.files).register(on: users)
        ApplicationRoutes(application: ApplicationService(database: database, random: random)).register(on: applications)
        APIAccessRoutes(access: parts.access).register(on: applications)
        WebhookRoutes(
            webhooks: WebhookService(database: database, events: parts.events, delivery: parts.delivery),
            applicationID: parts.settings.applicationID
        ).register(on: applications)
        return [UserDeletion(database: database, random: random).handler]
    }

    /// Channels of both kinds, with their metadata and meta counters, and the job that deletes
    /// large ones' messages.
    func channels() -> [any JobHandler] {
        GroupChannelRoutes(channels: groupChannels, files: parts.files).register(on: api.group("group_channels"))
        MyGroupChannelRoutes(channels: groupChannels).register(on: users)
        OpenChannelRoutes(channels: openChannels, files: parts.files).register(on: api.group("open_channels"))
        ChannelMetadataRoutes(
            metadata: ChannelMetadataService(database: parts.database, clock: parts.clock, events: parts.events)
        ).register(on: api)
        return [ChannelDeletion(database: parts.database).handler]
    }

    /// Bans, mutes, freezing, blocks, reports and the moderation filters.
    func moderation() -> [any JobHandler] {
        let (database, clock, events) = (parts.database, parts.clock, parts.events)
        let moderation = ModerationRoutes(
            moderation: ModerationService(database: database, clock: clock, events: events, departures: autoMessages),
            channels: channelResponses
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
        return []
    }

    /// Messages, their extras, read state, search, imports, emojis and uploaded files.
    func messaging() -> [any JobHandler] {
        let (database, clock, events) = (parts.database, parts.clock, parts.events)
        MessageRoutes(messages: messages, files: parts.files).register(on: api)
        MessagePinRoutes(pins: MessagePinService(database: database, clock: clock), channels: channelResponses).register(on: api)
        MessageExtrasRoutes(extras: MessageExtrasService(database: database, clock: clock, events: events)).register(on: api)
        readState.register(channels: api)
        readState.register(users: users)
        SearchRoutes(search: SearchService(database: database, userSummaries: userSummaries)).register(on: api.group("search"))
        MigrationRoutes(messages: messages).register(on: api.group("migration"))
        FileRoutes(storage: parts.files).register(on: router.group("files"))
        EmojiRoutes(emojis: EmojiService(database: database)).register(api: api, applications: applications)
        return []
    }

    func scheduledMessages() -> [any JobHandler] {
        let scheduled = ScheduledMessageService(database: parts.database, clock: parts.clock, messages: messages)
        ScheduledMessageRoutes(scheduled: scheduled, files: parts.files).register(on: api)
        return [JobRunner(kind: ScheduledMessageService.jobKind) { try scheduled.run($0, at: $1, in: $2) }]
    }

    func announcements() -> [any JobHandler] {
        let announcements = AnnouncementService(
            database: parts.database, clock: parts.clock, messages: messages, channels: groupChannels, events: parts.events,
            random: parts.random
        )
        AnnouncementRoutes(announcements: announcements, clock: parts.clock).register(on: api)
        return [JobRunner(kind: AnnouncementService.jobKind) { try announcements.run($0, at: $1, in: $2) }]
    }

    /// Data exports and GDPR requests, and the expiry of the files they make.
    func exportsAndPrivacy() -> [any JobHandler] {
        let files = parts.files
        let exports = DataExportService(database: parts.database, clock: parts.clock, files: files)
        DataExportRoutes(exports: exports).register(on: api.group("export"))
        let gdpr = GDPRService(database: parts.database, clock: parts.clock, files: files)
        GDPRRoutes(gdpr: gdpr).register(on: api.group("privacy/gdpr"))
        return [
            JobRunner(kind: DataExportService.runKind, prepare: exports.prepare, run: exports.run, discard: exports.discard),
            JobRunner(kind: GDPRService.runKind, prepare: gdpr.prepare, run: gdpr.run, discard: gdpr.discard),
            JobRunner(kind: ExportedFiles.expiryKind, prepare: { _, _ in }, run: { job, _, _, db, afterCommit in
                try ExportedFiles(files: files).expire(job, in: db, afterCommit: afterCommit)
            }, discard: { _ in }),
        ]
    }

    func polls() -> [any JobHandler] {
        let polls = PollService(database: parts.database, clock: parts.clock)
        PollRoutes(polls: polls).register(on: api.group("polls"))
        return [JobRunner(kind: PollService.closeJobKind) { try polls.runClose($0, at: $1, in: $2) }]
    }

    /// Device tokens and preferences, the application's providers and templates.
    func push() -> [any JobHandler] {
        let (database, clock) = (parts.database, parts.clock)
        PushRoutes(push: PushService(database: database, clock: clock, events: parts.events)).register(users: users, push: api.group("push"))
        PushConfigurationRoutes(push: PushConfigurationService(database: database, clock: clock, random: parts.random))
            .register(on: applications)
        return []
    }

    func statistics() -> [any JobHandler] {
        StatisticsRoutes(statistics: StatisticsService(database: parts.database, clock: parts.clock, senders: parts.followers.senders))
            .register(applications: applications, statistics: api.group("statistics"))
        return []
    }

    func bots() -> [any JobHandler] {
        BotRoutes(
            bots: BotService(
                database: parts.database, clock: parts.clock, events: parts.events, channels: groupChannels, messages: messages,
                random: parts.random
            ),
            files: parts.files
        ).register(on: api.group("bots"))
        return []
    }

    /// Roost's own routes: the event log and its live stream, the push outbox, the emulator.
    func roost() -> [any JobHandler] {
        let (database, access) = (parts.database, parts.access.access)
        let openStreams = OpenStreams()
        database.deletions.onDelete { openStreams.forget($0) }
        userService.deactivations.onDeactivate { openStreams.close(userRowID: $0) }
        EventStreamRoutes(
            stream: EventStreamService(database: database, notifier: parts.events.notifier),
            access: EventStreamAccess(policy: access, users: userService), users: userService, openStreams: openStreams,
            stallWatch: StallWatch(timeout: .milliseconds(Int64(parts.settings.streamStallTimeout * 1000)))
        ).register(on: router.group("roost"))
        let roost = router.group("roost").add(middleware: APITokenMiddleware(policy: access))
        PushOutboxRoutes(database: database, pushes: parts.followers.pushes).register(on: roost)
        EmulatorRoutes(
            emulator: parts.emulator, clock: EmulatorClockService(clock: parts.emulator.clock, database: database),
            reset: EmulatorReset(database: database, files: parts.files), snapshots: parts.snapshots
        ).register(on: roost)
        return []
    }

    /// The admin console: pages over the API above, through `ConsoleAPI`.
    func console() -> [any JobHandler] {
        ConsoleRoutes(
            api: parts.console, sessions: ConsoleSessions(random: parts.random), policy: parts.access.access,
            database: parts.database, clock: parts.clock
        ).register(on: router.group("console"))
        return []
    }
}
