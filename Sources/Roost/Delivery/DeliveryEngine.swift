import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import Metrics
import NIOCore
import ServiceLifecycle

/// Roost's one outbound delivery engine: it follows the event log for each feed (webhooks,
/// bot callbacks) and POSTs what the feed says each event makes, as Sendbird does: JSON
/// bodies with `user-agent: SendBird` and `x-sendbird-signature` (the lowercase hex
/// HMAC-SHA256 of the body, keyed with the master API token), over kept-alive connections.
///
/// POSTs with the same ordering key (one channel's webhooks, one bot's callbacks) go one at a
/// time in log order; others go side by side, up to `Timing.concurrency` at once per feed,
/// because a single round trip at a time cannot keep up with the API's writes on a busy
/// machine. A POST without a 2xx answer (an error status, or none within the timeout) is
/// tried three times with growing pauses, then recorded as failed and passed. A receiver that
/// cannot be reached at all is recorded as failed once and then waited for, so that nothing
/// is lost while it is down. Each feed's progress is stored in SQLite after every batch:
/// after a crash, delivery resumes from the first event not recorded as done, so only the
/// events of the batch in flight can arrive twice. Requests never wait on it.
final class DeliveryEngine: Service, CustomStringConvertible, Sendable {
    /// How the service group names it (see `DatabaseService.description`).
    var description: String { "DeliveryEngine" }

    struct Timing: Sendable {
        /// How long an attempt waits for an answer.
        var timeout: Duration = .seconds(5)
        /// The pause after the first failed attempt; each later one doubles it.
        var retryDelay: Duration = .milliseconds(500)
        var attempts = 3
        /// The longest wait between rounds while the receiver cannot be reached.
        var longestWait: Duration = .seconds(30)
        /// POSTs in flight at once per feed, each with a different ordering key.
        var concurrency = 8
    }

    private let database: AppDatabase
    private let notifier: EventNotifier
    private let clock: WallClock
    private let key: SymmetricKey
    private let timing: Timing
    private let logger: Logger
    private let feeds: [any DeliveryFeed]
    private let cursors = DeliveryCursorRepository()
    private let log = EventRepository()
    /// Each feed's time from an event's commit to its receiver's 2xx answer.
    private let lags: [String: Metrics.Timer]
    /// Every attempt, for `/roost/deliveries`.
    let attempts: DeliveryAttempts

    init(
        database: AppDatabase, notifier: EventNotifier, clock: WallClock, masterToken: String, timing: Timing,
        feeds: [any DeliveryFeed], logger: Logger, attempts: DeliveryAttempts = DeliveryAttempts(), metrics: any MetricsFactory
    ) {
        self.attempts = attempts
        self.database = database
        self.notifier = notifier
        self.clock = clock
        self.key = SymmetricKey(data: Data(masterToken.utf8))
        self.timing = timing
        self.feeds = feeds
        self.logger = logger
        self.lags = Dictionary(
            feeds.map { feed in
                let lag = Metrics.Timer(label: "roost_delivery_lag", dimensions: [("feed", feed.name)], preferredDisplayUnit: .seconds, factory: metrics)
                return (feed.name, lag)
            },
            uniquingKeysWith: { first, _ in first }
        )
    }

    /// The lowercase hex HMAC-SHA256 of a body, as `x-sendbird-signature` carries it.
    static func signature(of body: [UInt8], key: SymmetricKey) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in HMAC<SHA256>.authenticationCode(for: body, using: key) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// How long a feed with nothing to send waits between looks at the log.
    static let idlePause: Duration = .milliseconds(250)

    /// Wakes every feed, after settings changed.
    func settingsChanged() {
        notifier.recorded()
        notifier.committed()
    }

    func run() async throws {
        try await database.write { db in
            for feed in self.feeds { try self.cursors.register(feed.name, in: db) }
        }
        // A refused connection fails its attempt at once. By default the client would keep
        // trying to connect until the attempt's deadline, and a receiver that came up just
        // before it could record a POST whose answer then missed the deadline: a duplicate.
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for feed in self.feeds {
                    // One node of those on the database delivers each feed.
                    group.addTask { await self.database.whileHolding("delivery:\(feed.name)") { await self.deliverForever(feed, with: client) } }
                }
            }
        }
        try await client.shutdown()
    }

    private func deliverForever(_ feed: any DeliveryFeed, with client: HTTPClient) async {
        while !Task.isCancelled {
            let generation = notifier.current
            let replacements = database.replacementCount
            do {
                let (start, batch, idleHead) = try await database.read { db in
                    let start = try self.cursors.position(of: feed.name, in: db)
                    guard try feed.isActive(in: db) else { return (start, [(seq: Int64, posts: [OutboundPost])](), Optional(try self.log.lastSeq(in: db))) }
                    let events = try self.log.events(after: start, matching: EventFilter(), limit: 500, in: db)
                    let posts = try feed.posts(for: events, in: db)
                    return (start, zip(events, posts).map { (seq: $0.seq, posts: $1) }, nil)
                }
                if let idleHead {
                    // Nothing to send: pass over what was recorded, a write now and then
                    // rather than a read of every event and a write per commit.
                    if idleHead > start {
                        try await database.write { db in
                            guard self.database.replacementCount == replacements else { return }
                            try self.cursors.advance(feed.name, to: idleHead, in: db)
                        }
                    }
                    _ = await notifier.next(after: generation, timeout: .seconds(5))
                    try? await Task.sleep(for: Self.idlePause)
                    continue
                }
                guard !batch.isEmpty else {
                    _ = await notifier.next(after: generation, timeout: .seconds(5))
                    continue
                }
                let done = await deliver(batch, after: start, for: feed, with: client)
                try await database.write { db in
                    // A snapshot restored meanwhile brought its own progress, to be kept.
                    guard self.database.replacementCount == replacements else { return }
                    try self.cursors.advance(feed.name, to: done, in: db)
                }
                if done < batch[batch.count - 1].seq, Task.isCancelled { return }
            } catch {
                // The node stops, or let go of the feed: no failure to log.
                if Task.isCancelled || error is CancellationError { return }
                logger.error("Delivery (\(feed.name)) failed to read or record its progress: \(error)")
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Delivers a batch, one POST at a time per ordering key and side by side across keys;
    /// answers the last seq up to which every event's POSTs were delivered or given up.
    private func deliver(
        _ batch: [(seq: Int64, posts: [OutboundPost])], after start: Int64, for feed: any DeliveryFeed, with client: HTTPClient
    ) async -> Int64 {
        await withTaskGroup(of: (index: Int, key: String, finished: Bool).self) { group in
            var outstanding = batch.map(\.posts.count)
            var busyKeys: Set<String> = []
            var stopped = false

            func settle(_ result: (index: Int, key: String, finished: Bool)) {
                busyKeys.remove(result.key)
                if result.finished { outstanding[result.index] -= 1 } else { stopped = true }
            }

            posting: for (index, event) in batch.enumerated() {
                for post in event.posts {
                    while !stopped, busyKeys.count >= timing.concurrency || busyKeys.contains(post.orderingKey),
                          let result = await group.next() {
                        settle(result)
                    }
                    if stopped { break posting }
                    busyKeys.insert(post.orderingKey)
                    group.addTask { (index, post.orderingKey, await self.deliver(post, for: feed, with: client)) }
                }
            }
            while let result = await group.next() { settle(result) }
            let done = outstanding.firstIndex { $0 > 0 }.map { $0 - 1 } ?? batch.count - 1
            return done >= 0 ? batch[done].seq : start
        }
    }

    /// Delivers one POST; answers false when stopped before it was delivered or given up.
    /// While the receiver cannot be reached, the feed's settings are read again before each
    /// round, so a corrected URL (or the feed turned off) takes effect.
    private func deliver(_ post: OutboundPost, for feed: any DeliveryFeed, with client: HTTPClient) async -> Bool {
        var recordedUnreachable = false
        var wait = timing.retryDelay
        var url = post.url
        while !Task.isCancelled {
            var answered = false
            var lastStatus = 0
            for attempt in 1...timing.attempts {
                let outcome = await send(post, to: url, with: client)
                attempts.record(.init(
                    feed: feed.name, url: url, category: post.category, seq: post.seq, statusCode: outcome.statusCode, attempt: attempt,
                    at: clock.now
                ))
                switch outcome {
                case .delivered:
                    lags[feed.name]?.recordMilliseconds(max(0, clock.now - post.createdAt))
                    return true
                case .status(let status):
                    answered = true
                    lastStatus = status
                case .timedOut:
                    answered = true
                    lastStatus = 0
                case .unreachable:
                    break
                }
                if attempt < timing.attempts {
                    try? await Task.sleep(for: timing.retryDelay * (1 << (attempt - 1)))
                }
            }
            if answered || !recordedUnreachable {
                await recordFailure(of: post, status: lastStatus, for: feed)
                recordedUnreachable = true
            }
            if answered { return true }
            // Nobody listens at the URL: wait for the receiver, longer each round.
            try? await Task.sleep(for: wait)
            wait = min(wait * 2, timing.longestWait)
            guard let current = try? await database.read({ db in try feed.currentURL(for: post, in: db) }) else { return true }
            url = current
        }
        return false
    }

    private enum Outcome {
        case delivered, status(Int), timedOut, unreachable

        /// The answer's status; 200 for any 2xx; 0 when none came.
        var statusCode: Int {
            switch self {
            case .delivered: 200
            case .status(let code): code
            case .timedOut, .unreachable: 0
            }
        }
    }

    private func send(_ post: OutboundPost, to url: String, with client: HTTPClient) async -> Outcome {
        let body = Array(post.body.utf8)
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "user-agent", value: "SendBird")
        request.headers.add(name: "x-sendbird-signature", value: Self.signature(of: body, key: key))
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(timing.timeout.nanoseconds))
            _ = try await response.body.collect(upTo: 1 << 20)
            guard (200..<300).contains(response.status.code) else { return .status(Int(response.status.code)) }
            return .delivered
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            return .timedOut
        } catch {
            logger.debug("Receiver at \(url) unreachable: \(error)")
            return .unreachable
        }
    }

    private func recordFailure(of post: OutboundPost, status: Int, for feed: any DeliveryFeed) async {
        logger.warning("Gave up delivering \(post.category) (event \(post.seq)) to \(post.url) after \(timing.attempts) attempts; last status \(status)")
        let now = clock.now
        do {
            try await database.write { db in
                try feed.recordFailure(of: post, statusCode: status, attempts: self.timing.attempts, at: now, in: db)
            }
        } catch {
            logger.error("Recording a failed delivery (\(feed.name)) failed: \(error)")
        }
    }
}

extension Duration {
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
