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

    /// How often an idle stream sends a heartbeat comment, so proxies keep it open.
    static let heartbeat: Duration = .seconds(15)

    func register(on group: RouterGroup<RoostContext>) {
        group.get("events") { request, context in
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
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                do {
                    for try await chunk in events { try await writer.write(chunk) }
                } catch {
                    // The client went away: the stream is over.
                }
                await presence?.end()
                try await writer.finish(nil)
            }
        )
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

        mutating func next() async throws -> ByteBuffer? {
            let (stream, filter, after) = (self.stream, self.filter, last)
            let chunk: (text: String, last: Int64)? = try? await cancelWhenGracefulShutdown {
                while true {
                    let generation = stream.notifier.current
                    let events = try await stream.liveEvents(after: after, matching: filter, limit: 500, asOf: generation)
                    if let newest = events.last {
                        let text = events.map { "id: \($0.seq)\nevent: \($0.category)\ndata: \($0.payload)\n\n" }.joined()
                        return (text, newest.seq)
                    }
                    let woken = await stream.notifier.next(after: generation, timeout: EventStreamRoutes.heartbeat)
                    try Task.checkCancellation()
                    if woken == generation { return (": heartbeat\n\n", after) }
                }
            }
            guard let chunk else { return nil }
            last = chunk.last
            return ByteBuffer(string: chunk.text)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: stream, filter: filter, last: start)
    }
}

/// One page of the log as JSON: each event with its sequence number, category, time, channel
/// and the payload a webhook would carry.
struct EventPage: JSONObject {
    let events: [StoredEvent]

    struct Item: JSONObject {
        let event: StoredEvent

        func write(to fields: inout JSONFields) throws {
            try fields.write("seq", event.seq)
            try fields.write("category", event.category)
            try fields.write("created_at", event.createdAt)
            try fields.write("channel_url", event.channelURL ?? "")
            try fields.write("payload", RawJSON(event.payload))
        }
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("events", events.map(Item.init))
        try fields.write("last_seq", events.last?.seq ?? 0)
    }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
}
