import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import Metrics
import NIOCore
import ServiceLifecycle

/// Delivers the event log to the webhook URL as Sendbird does: one HTTP POST per event with
/// its JSON payload, `user-agent: SendBird` and `x-sendbird-signature` (the lowercase hex
/// HMAC-SHA256 of the body, keyed with the master API token), over kept-alive connections.
/// The events of one channel (and those of no channel) go one at a time in log order; events
/// of different channels go side by side, up to `Timing.concurrency` at once, because a single
/// round trip at a time cannot keep up with the API's writes on a busy machine. An event
/// without a 2xx answer (an error status, or none within the timeout) is tried three times
/// with growing pauses, then recorded as failed and passed. A receiver that cannot be reached
/// at all is recorded as failed once and then waited for, so that nothing is lost while it is
/// down. Progress is stored in SQLite after every batch: after a crash, delivery resumes from
/// the first event not recorded as done, so only the events of the batch in flight can
/// arrive twice. Requests never wait on it.
final class WebhookDelivery: Service, @unchecked Sendable {
    struct Timing: Sendable {
        /// How long an attempt waits for an answer.
        var timeout: Duration = .seconds(5)
        /// The pause after the first failed attempt; each later one doubles it.
        var retryDelay: Duration = .milliseconds(500)
        var attempts = 3
        /// The longest wait between rounds while the receiver cannot be reached.
        var longestWait: Duration = .seconds(30)
        /// Deliveries in flight at once, each to a different channel.
        var concurrency = 8
    }

    private let database: AppDatabase
    private let notifier: EventNotifier
    private let clock: WallClock
    private let key: SymmetricKey
    private let timing: Timing
    private let logger: Logger
    private let webhooks = WebhookRepository()
    private let log = EventRepository()
    private let lag = Metrics.Timer(label: "roost_webhook_delivery_lag", preferredDisplayUnit: .seconds)

    init(database: AppDatabase, notifier: EventNotifier, clock: WallClock, masterToken: String, timing: Timing, logger: Logger) {
        self.database = database
        self.notifier = notifier
        self.clock = clock
        self.key = SymmetricKey(data: Data(masterToken.utf8))
        self.timing = timing
        self.logger = logger
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

    /// Wakes the deliverer after the settings changed.
    func settingsChanged() {
        notifier.recorded()
        notifier.committed()
    }

    func run() async throws {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        await cancelWhenGracefulShutdown { await self.deliverForever(with: client) }
        try await client.shutdown()
    }

    private func deliverForever(with client: HTTPClient) async {
        while !Task.isCancelled {
            let generation = notifier.current
            do {
                let (settings, batch) = try await database.read { db in
                    let settings = try self.webhooks.settings(in: db)
                    return (settings, try self.log.events(after: settings.deliveredSeq, matching: EventFilter(), limit: 500, in: db))
                }
                guard let last = batch.last else {
                    _ = await notifier.next(after: generation, timeout: .seconds(5))
                    continue
                }
                let done = await deliver(batch, after: settings.deliveredSeq, with: settings, client: client)
                let progress = done
                try await database.write { db in try self.webhooks.advance(to: progress, in: db) }
                if done < last.seq, Task.isCancelled { return }
            } catch {
                logger.error("Webhook delivery failed to read or record its progress: \(error)")
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Delivers a batch, in order within each channel and side by side across channels;
    /// answers the last seq up to which every event was delivered, given up or skipped.
    private func deliver(_ batch: [StoredEvent], after start: Int64, with settings: WebhookSettings, client: HTTPClient) async -> Int64 {
        await withTaskGroup(of: (index: Int, finished: Bool).self) { group in
            var finished = [Bool](repeating: false, count: batch.count)
            var busyChannels: [String: Int] = [:]
            var inFlight = 0
            var stopped = false

            func settle(_ result: (index: Int, finished: Bool)) {
                inFlight -= 1
                finished[result.index] = result.finished
                busyChannels[batch[result.index].channelURL ?? ""] = nil
                if !result.finished { stopped = true }
            }

            for (index, event) in batch.enumerated() {
                guard settings.delivers(event.category) else {
                    finished[index] = true
                    continue
                }
                let channel = event.channelURL ?? ""
                while !stopped, inFlight >= timing.concurrency || busyChannels[channel] != nil,
                      let result = await group.next() {
                    settle(result)
                }
                if stopped { break }
                busyChannels[channel] = index
                inFlight += 1
                group.addTask { (index, await self.deliver(event, to: settings.url, with: client)) }
            }
            while let result = await group.next() { settle(result) }
            let done = finished.firstIndex(of: false).map { $0 - 1 } ?? batch.count - 1
            return done >= 0 ? batch[done].seq : start
        }
    }

    /// Delivers one event; answers false when stopped before it was delivered or given up.
    /// While the receiver cannot be reached, the settings are read again before each round,
    /// so a corrected URL (or webhooks turned off) takes effect.
    private func deliver(_ event: StoredEvent, to firstURL: String, with client: HTTPClient) async -> Bool {
        var recordedUnreachable = false
        var wait = timing.retryDelay
        var url = firstURL
        while !Task.isCancelled {
            var answered = false
            var lastStatus = 0
            for attempt in 1...timing.attempts {
                switch await post(event, to: url, with: client) {
                case .delivered:
                    lag.recordMilliseconds(max(0, clock.now - event.createdAt))
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
                await recordFailure(of: event, status: lastStatus)
                recordedUnreachable = true
            }
            if answered { return true }
            // Nobody listens at the URL: wait for the receiver, longer each round.
            try? await Task.sleep(for: wait)
            wait = min(wait * 2, timing.longestWait)
            guard let settings = try? await database.read({ db in try self.webhooks.settings(in: db) }),
                  settings.delivers(event.category)
            else { return true }
            url = settings.url
        }
        return false
    }

    private enum Outcome {
        case delivered, status(Int), timedOut, unreachable
    }

    private func post(_ event: StoredEvent, to url: String, with client: HTTPClient) async -> Outcome {
        let body = Array(event.payload.utf8)
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "user-agent", value: "SendBird")
        request.headers.add(name: "x-sendbird-signature", value: Self.signature(of: body, key: key))
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(timing.timeout.nanoseconds))
            _ = try await response.body.collect(upTo: 1 << 20)
            return (200..<300).contains(response.status.code) ? .delivered : .status(Int(response.status.code))
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            return .timedOut
        } catch {
            logger.debug("Webhook receiver at \(url) unreachable: \(error)")
            return .unreachable
        }
    }

    private func recordFailure(of event: StoredEvent, status: Int) async {
        let failure = FailedWebhook(
            seq: event.seq, category: event.category, statusCode: status, attempts: timing.attempts, failedAt: clock.now,
            payload: event.payload
        )
        do {
            try await database.write { db in try self.webhooks.recordFailure(failure, in: db) }
        } catch {
            logger.error("Recording a failed webhook failed: \(error)")
        }
    }
}

extension Duration {
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
