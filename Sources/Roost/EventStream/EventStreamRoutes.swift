import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// `GET /roost/events`: the event log, Roost's own (Sendbird has no such route). As JSON,
/// one page after `since`; with `Accept: text/event-stream`, a live stream of Server-Sent
/// Events that starts after `since` (or `Last-Event-ID`), sends what was missed, then every
/// new event as it commits, with heartbeat comments while idle.
struct EventStreamRoutes: Sendable {
    let stream: EventStreamService
    let access: EventStreamAccess
    let users: UserService
    let openStreams: OpenStreams
    /// Closes the streams whose clients have stopped taking what they are sent.
    let stallWatch: StallWatch

    /// How often an idle stream sends a heartbeat comment, so proxies keep it open.
    static let heartbeat: Duration = .seconds(15)

    func register(on group: RouterGroup<RoostContext>) {
        group.get("events", use: eventLog)
    }

    /// Where a reader starts: after `since`, or after the `Last-Event-ID` a reconnecting
    /// EventSource sends; from the beginning of the log otherwise.
    private static func since(_ request: Request, _ query: QueryParameters) throws(APIError) -> Int64 {
        if let lastID = request.headers[.lastEventID] {
            guard let seq = Int64(lastID), seq >= 0 else { throw .invalid("Last-Event-ID") }
            return seq
        }
        let since = try query.int64("since") ?? 0
        guard since >= 0 else { throw .negativeNotAllowed("since") }
        return since
    }

    /// The live stream; a user's own stream (`owner`) keeps them online while it is open, and
    /// no longer than the client stays: they read as offline as soon as it disconnects.
    private func streamResponse(from start: Int64, filter: EventFilter, owner: String?, context: RoostContext) -> Response {
        let events = ServerSentEvents(stream: stream, filter: filter, start: start)
        let presence = owner.map { owner in
            StreamPresence(of: owner, users: users, streams: openStreams) { context.disconnect() }
        }
        if let presence { context.onClientDeparture { Task { await presence.end() } } }
        let (stallWatch, notifier) = (self.stallWatch, stream.notifier)
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                await stallWatch.watching(disconnect: { context.disconnect() }) { watched in
                    // A shutdown ends the stream at once: its iterator sees the shutdown when
                    // woken, and a write waiting on a client that reads nothing fails.
                    await withGracefulShutdownHandler {
                        do {
                            for try await chunk in events { try await watched.timing { try await writer.write(chunk) } }
                        } catch {
                            // The client went away, or was cut off for taking nothing: the stream is over.
                        }
                    } onGracefulShutdown: {
                        context.disconnect()
                        notifier.wakeAll()
                    }
                }
                await presence?.end()
                try await writer.finish(nil)
            }
        )
    }

    @Sendable func eventLog(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        let grant = try await access.grant(for: request, context: context, query: query)
        let since = try Self.since(request, query)
        if request.headers[.accept]?.contains("text/event-stream") == true {
            return streamResponse(from: since, filter: grant.filter, owner: grant.owner, context: context)
        }
        let limit = try query.int("limit") ?? 100
        guard (1...1000).contains(limit) else { throw APIError.outOfRange("limit", 1...1000) }
        let events = try await stream.events(after: since, matching: grant.filter, limit: limit)
        return try jsonResponse(EventPage(events: events))
    }
}

/// The chunks of one live stream: the events after `start` as they commit, in Server-Sent
/// Events form, and a heartbeat comment after each quiet `heartbeat`. It ends when the
/// server shuts down (or the client goes away and the write fails).
struct ServerSentEvents: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let stream: EventStreamService
    let filter: EventFilter
    let start: Int64

    struct AsyncIterator: AsyncIteratorProtocol {
        let stream: EventStreamService
        let filter: EventFilter
        var last: Int64

        /// The next chunk; nil once the server shuts down (`EventNotifier.wakeAll()` wakes a
        /// waiting stream for it). A task group in each call, to watch for the shutdown beside
        /// the wait, held two child tasks for each open stream. Without them, without a
        /// `StallWatch` task for each, and with the request journal's frame out of their way
        /// (`RequestRecorder`), 1,000 open streams took 34 MB of memory, not 43 MB.
        mutating func next() async throws -> ByteBuffer? {
            while true {
                let generation = stream.notifier.current
                guard !Task.isShuttingDownGracefully else { return nil }
                let events = try await stream.liveEvents(after: last, matching: filter, limit: ServerSentEvents.eventsPerRead, asOf: generation)
                if !events.isEmpty {
                    let chunk = ServerSentEvents.chunk(of: events)
                    last = chunk.last
                    return ByteBuffer(string: chunk.text)
                }
                let woken = await stream.notifier.next(after: generation, timeout: EventStreamRoutes.heartbeat)
                try Task.checkCancellation()
                if woken == generation { return ByteBuffer(string: ": heartbeat\n\n") }
            }
        }
    }

    /// Events read from the log at a time.
    static let eventsPerRead = 20
    /// About the most a chunk holds: a stream writes its next chunk only once the client has
    /// taken the one before (NIO waits while the connection cannot take more), so this bounds
    /// what a slow reader holds in Roost's memory. A chunk of 500 events was up to 1.5 MB: 200
    /// slow readers of the master stream took 350 MB.
    static let chunkBytes = 32 * 1024

    /// The first events, up to about `chunkBytes` (always one), in Server-Sent Events form,
    /// and the last one's sequence number.
    static func chunk(of events: [StoredEvent]) -> (text: String, last: Int64) {
        var text = ""
        var last: Int64 = 0
        for event in events {
            guard text.utf8.count < chunkBytes else { break }
            text += "id: \(event.seq)\nevent: \(event.category)\ndata: \(event.payload)\n\n"
            last = event.seq
        }
        return (text, last)
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: stream, filter: filter, last: start)
    }
}

/// One page of the log as JSON: each event with its sequence number, category, time, channel
/// and the payload a webhook would carry.
struct EventPage: Encodable {
    struct Item: Encodable {
        let seq: Int64
        let category: String
        let createdAt: Int64
        let channelURL: String
        let payload: RawJSON

        enum CodingKeys: String, CodingKey { case seq, category, createdAt = "created_at", channelURL = "channel_url", payload }

        init(_ event: StoredEvent) {
            seq = event.seq
            category = event.category
            createdAt = event.createdAt
            channelURL = event.channelURL ?? ""
            payload = RawJSON(event.payload)
        }
    }

    let events: [Item]
    let lastSeq: Int64

    enum CodingKeys: String, CodingKey { case events, lastSeq = "last_seq" }

    init(events: [StoredEvent]) {
        self.events = events.map(Item.init)
        lastSeq = events.last?.seq ?? 0
    }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
}
