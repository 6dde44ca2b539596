import ArgumentParser
import Hummingbird
import Logging
import MallocArenas
import Roost

@main
struct RoostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roost",
        abstract: "A self-hosted chat server that speaks the Sendbird Chat Platform API v3.",
        version: roostVersion,
        subcommands: [Serve.self, Seed.self, SQLiteSettings.self],
        defaultSubcommand: Serve.self
    )
}

struct Serve: AsyncParsableCommand {
    // Named here, not derived from the type's name at start-up (a run-time type look-up).
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Start the HTTP server.")

    @Option(help: "Address to listen on (env: ROOST_HOST).")
    var host: String = environment.get("ROOST_HOST") ?? defaults.host

    @Option(help: "Port to listen on (env: ROOST_PORT).")
    var port: Int = environment.get("ROOST_PORT", as: Int.self) ?? defaults.port

    @Option(
        name: .customLong("database"),
        help: "SQLite database file, created on first start; or a PostgreSQL database as postgres://USER:PASSWORD@HOST:PORT/NAME?sslmode=MODE, its schema created on first start (env: ROOST_DATABASE)."
    )
    var databasePath: String = environment.get("ROOST_DATABASE") ?? defaults.databasePath

    @Option(help: "On PostgreSQL, how many connections serve reads; the writer has one more (env: ROOST_POSTGRES_READERS).")
    var postgresReaders: Int = environment.get("ROOST_POSTGRES_READERS", as: Int.self) ?? defaults.postgresReaders

    @Option(
        name: .customLong("api-token"),
        help: "Master API token clients send as Api-Token. When unset, a token is generated on first start, kept in the database and logged once (env: ROOST_API_TOKEN)."
    )
    var apiToken: String?

    @Option(name: .customLong("app-id"), help: "Sendbird application id, shown in logs and used in generated URLs (env: ROOST_APP_ID).")
    var applicationID: String = environment.get("ROOST_APP_ID") ?? defaults.applicationID

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical (env: ROOST_LOG_LEVEL).")
    var logLevel: Logger.Level = environment.get("ROOST_LOG_LEVEL").flatMap(Logger.Level.init(rawValue:)) ?? defaults.logLevel

    @Option(help: "Log lines as plain text or as one JSON object per line: text or json (env: ROOST_LOG_FORMAT).")
    var logFormat: LogFormat = environment.get("ROOST_LOG_FORMAT").flatMap(LogFormat.init(rawValue:)) ?? defaults.logFormat

    @Option(help: "Largest request body accepted, in bytes (env: ROOST_MAX_BODY_SIZE).")
    var maxBodySize: Int = environment.get("ROOST_MAX_BODY_SIZE", as: Int.self) ?? defaults.maxBodySize

    @Option(help: "Largest multipart upload (a file message with its file) accepted, in bytes (env: ROOST_MAX_UPLOAD_SIZE).")
    var maxUploadSize: Int = environment.get("ROOST_MAX_UPLOAD_SIZE", as: Int.self) ?? defaults.maxUploadSize

    @Option(name: .customLong("uploads"), help: "Folder for uploaded files, created when needed (env: ROOST_UPLOADS_DIR).")
    var uploadsDirectory: String = environment.get("ROOST_UPLOADS_DIR") ?? defaults.uploadsDirectory

    @Option(
        name: .customLong("public-url"),
        help: "Address clients reach Roost at, used in the URLs of uploaded files; http://HOST:PORT when unset (env: ROOST_PUBLIC_URL)."
    )
    var publicURL: String?

    @Option(help: "Messages one user may send per second in one channel; 0 turns flood protection off (env: ROOST_MAX_MESSAGES_PER_SECOND).")
    var maxMessagesPerSecond: Int = environment.get("ROOST_MAX_MESSAGES_PER_SECOND", as: Int.self) ?? defaults.maxMessagesPerSecond

    @Option(help: "normal: what Roost acknowledged survives a crash of Roost; full: it also survives power loss (env: ROOST_DURABILITY).")
    var durability: Durability = environment.get("ROOST_DURABILITY").flatMap(Durability.init(rawValue:)) ?? defaults.durability

    @Option(help: "Seconds an idle connection stays open (env: ROOST_IDLE_TIMEOUT).")
    var idleTimeout: Int = environment.get("ROOST_IDLE_TIMEOUT", as: Int.self) ?? defaults.idleTimeout

    @Option(help: "Connections held open at once; more wait to be accepted (env: ROOST_MAX_CONNECTIONS).")
    var maxConnections: Int = environment.get("ROOST_MAX_CONNECTIONS", as: Int.self) ?? defaults.maxConnections

    @Option(help: "Largest total size of a request's headers, in bytes (env: ROOST_MAX_HEADER_SIZE).")
    var maxHeaderSize: Int = environment.get("ROOST_MAX_HEADER_SIZE", as: Int.self) ?? defaults.maxHeaderSize

    @Option(help: "Seconds a webhook delivery waits for its answer (env: ROOST_WEBHOOK_TIMEOUT).")
    var webhookTimeout: Double = environment.get("ROOST_WEBHOOK_TIMEOUT", as: Double.self) ?? defaults.webhookTimeout

    @Option(help: "Milliseconds between a webhook's first two attempts; later pauses double (env: ROOST_WEBHOOK_RETRY_DELAY).")
    var webhookRetryDelay: Int = environment.get("ROOST_WEBHOOK_RETRY_DELAY", as: Int.self) ?? defaults.webhookRetryDelay

    @Option(help: "Webhook deliveries in flight at once, each to a different channel; 1 sends strictly in log order (env: ROOST_WEBHOOK_CONCURRENCY).")
    var webhookConcurrency: Int = environment.get("ROOST_WEBHOOK_CONCURRENCY", as: Int.self) ?? defaults.webhookConcurrency

    @Flag(help: "Empty the IP whitelist at start-up, so that every address may use the API again.")
    var clearIPWhitelist = false

    @Option(help: "Days the event log keeps events at least (env: ROOST_EVENT_RETENTION_DAYS).")
    var eventRetentionDays: Int = environment.get("ROOST_EVENT_RETENTION_DAYS", as: Int.self) ?? defaults.eventRetentionDays

    @Option(help: "Newest events the event log keeps at least (env: ROOST_EVENT_RETENTION_COUNT).")
    var eventRetentionCount: Int = environment.get("ROOST_EVENT_RETENTION_COUNT", as: Int.self) ?? defaults.eventRetentionCount

    @Option(help: "Seconds a live event stream waits for a client that takes nothing before closing it (env: ROOST_STREAM_STALL_TIMEOUT).")
    var streamStallTimeout: Double = environment.get("ROOST_STREAM_STALL_TIMEOUT", as: Double.self) ?? defaults.streamStallTimeout

    @Option(help: "POST each push notification Roost records to this URL, signed as webhooks are (env: ROOST_PUSH_RELAY_URL).")
    var pushRelayURL: String?

    @Option(help: "Requests /roost/requests keeps, 0 for none (env: ROOST_REQUEST_JOURNAL_SIZE).")
    var requestJournalSize: Int = environment.get("ROOST_REQUEST_JOURNAL_SIZE", as: Int.self) ?? defaults.requestJournalSize

    @Option(help: "Bytes of each request and response body /roost/requests keeps (env: ROOST_REQUEST_JOURNAL_BODY_LIMIT).")
    var requestJournalBodyLimit: Int = environment.get("ROOST_REQUEST_JOURNAL_BODY_LIMIT", as: Int.self) ?? defaults.requestJournalBodyLimit

    @Option(help: "Bytes of answers (channels' newest history pages, channel views) kept in memory between reads, 0 for none (env: ROOST_ANSWER_CACHE_SIZE).")
    var answerCacheSize: Int = environment.get("ROOST_ANSWER_CACHE_SIZE", as: Int.self) ?? defaults.answerCacheSize

    @Option(name: .customLong("snapshots"), help: "Folder /roost/snapshots keeps snapshot files in, created when needed (env: ROOST_SNAPSHOTS_DIR).")
    var snapshotsDirectory: String = environment.get("ROOST_SNAPSHOTS_DIR") ?? defaults.snapshotsDirectory

    @Option(name: .customLong("import"), help: "Start from this snapshot file, replacing the database's contents (env: ROOST_IMPORT).")
    var importPath: String?

    @Option(name: .customLong("export-on-exit"), help: "Write a snapshot file here when stopped by SIGTERM or SIGINT (env: ROOST_EXPORT_ON_EXIT).")
    var exportOnExitPath: String?

    @Option(help: "Enforce the Platform API rate limits of a Sendbird plan: off, free-trial, 5k, 10k, 25k, 50k or 100k (env: ROOST_RATE_LIMITS).")
    var rateLimits: RateLimitPlan = environment.get("ROOST_RATE_LIMITS").flatMap(RateLimitPlan.init(rawValue:)) ?? defaults.rateLimits

    @Option(help: "Seed the random source: generated ids and tokens repeat across runs; not for production (env: ROOST_SEED).")
    var seed: UInt64?

    func run() async throws {
        // glibc's malloc keeps up to eight arenas a core, and memory freed in one arena serves
        // only the threads that use it. Two a core took bench/run's peak from 153 MB to 146 MB,
        // at no cost in speed that the run could tell. MALLOC_ARENA_MAX, when set, decides.
        _ = roost_cap_malloc_arenas(2)
        logFormat.bootstrap(level: logLevel)
        let settings = Settings(
            host: host,
            port: port,
            databasePath: databasePath,
            postgresReaders: postgresReaders,
            apiToken: apiToken ?? environment.get("ROOST_API_TOKEN"),
            applicationID: applicationID,
            logLevel: logLevel,
            logFormat: logFormat,
            maxBodySize: maxBodySize,
            maxUploadSize: maxUploadSize,
            uploadsDirectory: uploadsDirectory,
            publicURL: publicURL ?? environment.get("ROOST_PUBLIC_URL"),
            maxMessagesPerSecond: maxMessagesPerSecond,
            durability: durability,
            idleTimeout: idleTimeout,
            maxConnections: maxConnections,
            maxHeaderSize: maxHeaderSize,
            webhookTimeout: webhookTimeout,
            webhookRetryDelay: webhookRetryDelay,
            webhookConcurrency: webhookConcurrency,
            clearIPWhitelist: clearIPWhitelist,
            eventRetentionDays: eventRetentionDays,
            eventRetentionCount: eventRetentionCount,
            streamStallTimeout: streamStallTimeout,
            pushRelayURL: pushRelayURL ?? environment.get("ROOST_PUSH_RELAY_URL"),
            requestJournalSize: requestJournalSize,
            requestJournalBodyLimit: requestJournalBodyLimit,
            snapshotsDirectory: snapshotsDirectory,
            answerCacheSize: answerCacheSize,
            importPath: importPath ?? environment.get("ROOST_IMPORT"),
            exportOnExitPath: exportOnExitPath ?? environment.get("ROOST_EXPORT_ON_EXIT"),
            rateLimits: rateLimits,
            seed: seed ?? environment.get("ROOST_SEED", as: UInt64.self)
        )
        let app = try await buildApplication(settings)
        try await app.runService()
    }
}

struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Fill a database with synthetic users, group channels and messages, for benchmarks."
    )

    @Option(name: .customLong("database"), help: "SQLite database file to fill, created when missing; or a PostgreSQL database by its postgres:// URL.")
    var databasePath: String

    @Option(help: "Users to create (user0, user1, ...).")
    var users = 1000

    @Option(help: "Group channels to create (channel0, ...), each with 2 to 50 members.")
    var channels = 1000

    @Option(help: "Messages to send, spread over the channels.")
    var messages = 1_000_000

    func run() async throws {
        let seeder = try Seeder(location: databasePath)
        try await seeder.seed(.init(users: users, channels: channels, messages: messages)) { print("seeded \($0)") }
        try await seeder.close()
    }
}

struct SQLiteSettings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sqlite-settings",
        abstract: "Print, as JSON, the pragmas Roost's SQLite connections run with and its checkpointer's delay (bench/run's floor of a send uses them)."
    )

    @Option(help: "The durability to print them for: normal or full.")
    var durability: Durability = .normal

    func run() throws {
        print(try WriterSettings(durability: durability).json())
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
extension Durability: ExpressibleByArgument {}
extension LogFormat: ExpressibleByArgument {}
extension RateLimitPlan: ExpressibleByArgument {}

/// Every flag falls back to an environment variable, read once here, and then to its default.
private let environment = Environment()
private let defaults = Settings.defaults
