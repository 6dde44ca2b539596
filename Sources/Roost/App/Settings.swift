import Logging

/// Everything an operator can set when starting Roost. The CLI fills it from flags and
/// environment variables; tests build it directly.
public struct Settings: Sendable {
    public var host: String
    public var port: Int
    /// Path of the SQLite file, created on first start; or a PostgreSQL database's
    /// `postgres://` URL, whose schema is created on first start.
    public var databasePath: String
    /// On PostgreSQL, how many connections serve reads (the writer has one more).
    public var postgresReaders: Int
    /// Master API token. When nil, Roost uses the one kept in the database, generating it on first start.
    public var apiToken: String?
    /// Sendbird application id; shown in logs and used in generated URLs.
    public var applicationID: String
    public var logLevel: Logger.Level
    /// How log lines are written: plain text, or one JSON object per line.
    public var logFormat: LogFormat
    /// Largest request body Roost reads, in bytes.
    public var maxBodySize: Int
    /// Largest multipart upload (a file message with its file), in bytes.
    public var maxUploadSize: Int
    /// Where uploaded files are kept.
    public var uploadsDirectory: String
    /// The address clients reach Roost at, for the URLs of uploaded files; `http://host:port` when nil.
    public var publicURL: String?
    /// Messages one user may send per second in one channel; 0 turns flood protection off.
    public var maxMessagesPerSecond: Int
    public var durability: Durability
    /// Seconds a connection may sit idle before Roost closes it.
    public var idleTimeout: Int
    /// Connections Roost holds open at once; further ones wait to be accepted.
    public var maxConnections: Int
    /// Largest total size of a request's headers, in bytes.
    public var maxHeaderSize: Int
    /// Seconds a webhook delivery waits for its answer.
    public var webhookTimeout: Double
    /// Milliseconds between the first two attempts of a webhook delivery; each later pause doubles it.
    public var webhookRetryDelay: Int
    /// Webhook deliveries in flight at once, each to a different channel (1: strictly in log order).
    public var webhookConcurrency: Int
    /// Empty the IP whitelist at start-up: how an admin who locked themselves out gets back in.
    public var clearIPWhitelist: Bool
    /// The event log keeps events for at least this many days...
    public var eventRetentionDays: Int
    /// ...and at least this many of the newest events.
    public var eventRetentionCount: Int
    /// Seconds a live stream may wait for its client to take what it was sent before it is
    /// closed (the client resumes with `Last-Event-ID`).
    public var streamStallTimeout: Double
    /// Where each push notification Roost records is POSTed, if anywhere.
    public var pushRelayURL: String?
    /// Requests `/roost/requests` keeps (0: none), and how much of each body.
    public var requestJournalSize: Int
    public var requestJournalBodyLimit: Int
    /// Bytes of answers kept in memory between reads (0: none): channels' newest history pages
    /// and channel views.
    public var answerCacheSize: Int
    /// Where `/roost/snapshots` keeps its snapshot files.
    public var snapshotsDirectory: String
    /// A snapshot file to start from, replacing the database's contents.
    public var importPath: String?
    /// Where to write a snapshot when the server stops on SIGTERM or SIGINT.
    public var exportOnExitPath: String?
    /// Sendbird's plan whose Platform API rate limits Roost enforces; `off` enforces none.
    public var rateLimits: RateLimitPlan
    /// Seeds the one random source: every generated identifier repeats across runs that make
    /// the same calls in the same order.
    public var seed: UInt64?

    /// Every setting at its default: what `roost serve` uses for a flag given neither on the
    /// command line nor in the environment.
    public static let defaults = Settings()

    /// The base of the URLs Roost generates.
    var baseURL: String {
        (publicURL ?? "http://\(host):\(port)").trimmingSuffix("/")
    }

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        databasePath: String = "./roost.sqlite",
        postgresReaders: Int = 16,
        apiToken: String? = nil,
        applicationID: String = "roost",
        logLevel: Logger.Level = .info,
        logFormat: LogFormat = .text,
        maxBodySize: Int = 1 << 20,
        // Sendbird's default limit on uploaded files: 25 MB.
        maxUploadSize: Int = 25 << 20,
        uploadsDirectory: String = "./uploads",
        publicURL: String? = nil,
        maxMessagesPerSecond: Int = 5,
        durability: Durability = .normal,
        idleTimeout: Int = 60,
        maxConnections: Int = 4096,
        maxHeaderSize: Int = 16 * 1024,
        webhookTimeout: Double = 5,
        webhookRetryDelay: Int = 500,
        webhookConcurrency: Int = 8,
        clearIPWhitelist: Bool = false,
        eventRetentionDays: Int = 7,
        eventRetentionCount: Int = 1_000_000,
        streamStallTimeout: Double = 30,
        pushRelayURL: String? = nil,
        requestJournalSize: Int = 1_000,
        requestJournalBodyLimit: Int = 2_048,
        snapshotsDirectory: String = "./snapshots",
        answerCacheSize: Int = 64 << 20,
        importPath: String? = nil,
        exportOnExitPath: String? = nil,
        rateLimits: RateLimitPlan = .off,
        seed: UInt64? = nil
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.postgresReaders = postgresReaders
        self.apiToken = apiToken
        self.applicationID = applicationID
        self.logLevel = logLevel
        self.logFormat = logFormat
        self.maxBodySize = maxBodySize
        self.maxUploadSize = maxUploadSize
        self.uploadsDirectory = uploadsDirectory
        self.publicURL = publicURL
        self.maxMessagesPerSecond = maxMessagesPerSecond
        self.durability = durability
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
        self.maxHeaderSize = maxHeaderSize
        self.webhookTimeout = webhookTimeout
        self.webhookRetryDelay = webhookRetryDelay
        self.webhookConcurrency = max(1, webhookConcurrency)
        self.clearIPWhitelist = clearIPWhitelist
        self.eventRetentionDays = eventRetentionDays
        self.eventRetentionCount = eventRetentionCount
        self.streamStallTimeout = streamStallTimeout
        self.pushRelayURL = pushRelayURL
        self.requestJournalSize = max(0, requestJournalSize)
        self.requestJournalBodyLimit = max(0, requestJournalBodyLimit)
        self.answerCacheSize = max(0, answerCacheSize)
        self.snapshotsDirectory = snapshotsDirectory
        self.importPath = importPath
        self.exportOnExitPath = exportOnExitPath
        self.rateLimits = rateLimits
        self.seed = seed
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
