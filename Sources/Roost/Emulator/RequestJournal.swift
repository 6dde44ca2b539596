import Foundation
import Hummingbird
import NIOCore

/// The newest requests and their answers, kept in memory for `/roost/requests`: method,
/// path, query, status, duration, and the bodies cut at `bodyLimit` bytes; the token is
/// masked. Event streams are listed without their (endless) body.
struct RequestJournal: Sendable {
    struct Entry: Sendable, Encodable {
        var id: Int64
        var at: Int64
        var method: String
        var path: String
        var query: String
        var token: String
        var status: Int
        /// To the hundredth of a millisecond.
        var durationMS: Double
        var requestBody: String
        var responseBody: String

        enum CodingKeys: String, CodingKey {
            case id, at, method, path, query, token, status
            case durationMS = "duration_ms", requestBody = "request_body", responseBody = "response_body"
        }
    }

    private let recent: RecentItems<Entry>
    let bodyLimit: Int

    init(capacity: Int, bodyLimit: Int) {
        recent = RecentItems(capacity: capacity)
        self.bodyLimit = bodyLimit
    }

    var isOn: Bool { recent.capacity > 0 }

    /// Keeps an entry; answers its id.
    @discardableResult
    func record(_ entry: Entry) -> Int64 {
        recent.append(entry)
    }

    func attachResponse(_ body: String, to id: Int64) {
        recent.update(id) { $0.responseBody = body }
    }

    /// The newest `limit` entries after `since` (an id), oldest first, narrowed by path prefix and status.
    func entries(limit: Int, pathPrefix: String?, status: Int?, since: Int64) -> [Entry] {
        let kept = recent.items(after: since).map { number, entry in
            var entry = entry
            entry.id = number
            return entry
        }
        return Array(kept.filter { entry in
            (pathPrefix.map { entry.path.hasPrefix($0) } ?? true) && (status.map { entry.status == $0 } ?? true)
        }.suffix(limit))
    }

    func clear() {
        recent.clear()
    }

    /// A body as the journal keeps it: text, cut at the limit.
    func text(of buffer: ByteBuffer) -> String {
        String(decoding: buffer.readableBytesView.prefix(bodyLimit), as: UTF8.self)
    }
}

/// Records each request to the API in the journal, after its body was read and with the
/// error it met (which `ErrorResponses`, further out, turns into the answer). Roost's own
/// routes, health checks, metrics and file downloads are not the API: they are left out.
struct RequestRecorder: Sendable {
    let journal: RequestJournal
    let clock: WallClock

    /// Whether `request` is one the journal keeps.
    func records(_ request: Request) -> Bool {
        journal.isOn && request.uri.path.hasPrefix("/v3/")
    }

    /// Answers `request` with `answer`, and records both.
    func recording(_ request: Request, _ answer: (Request) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let requestBody = journal.text(of: try await request.body.collect(upTo: .max))
        var entry = RequestJournal.Entry(
            id: 0, at: clock.now, method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "",
            token: MaskedSecret.of(request.headers[.apiToken] ?? request.headers[.sessionKey] ?? ""), status: 0, durationMS: 0,
            requestBody: requestBody, responseBody: ""
        )
        func elapsed() -> Double {
            let duration = ContinuousClock.now - start
            let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
            return (milliseconds * 100).rounded() / 100
        }
        do {
            var response = try await answer(request)
            entry.status = Int(response.status.code)
            entry.durationMS = elapsed()
            let isStream = response.headers[.contentType]?.hasPrefix("text/event-stream") == true
            if !isStream, response.body.contentLength != nil {
                // An answer of known length (every API answer is one buffer) is read here and
                // passed on as one buffer again, which Hummingbird writes with its head in one
                // go; wrapped in a writer like a stream's, it took three writes.
                let body = try await CollectingWriter.collect(response.body)
                entry.responseBody = journal.text(of: body)
                journal.record(entry)
                response.body = ResponseBody(byteBuffer: body)
                return response
            }
            let id = journal.record(entry)
            guard !isStream else { return response }
            let original = response.body
            let journal = self.journal
            response.body = ResponseBody(contentLength: original.contentLength) { writer in
                try await original.write(CapturingWriter(base: writer, limit: journal.bodyLimit) { journal.attachResponse(journal.text(of: $0), to: id) })
            }
            return response
        } catch let error as APIError {
            entry.status = Int(error.status.code)
            entry.durationMS = elapsed()
            entry.responseBody = String(decoding: (try? JSON.encoder.encode(ErrorResponses.Envelope(error))) ?? [], as: UTF8.self)
            journal.record(entry)
            throw error
        } catch {
            entry.status = 500
            entry.durationMS = elapsed()
            journal.record(entry)
            throw error
        }
    }
}

/// Reads a whole response body into one buffer.
private struct CollectingWriter: ResponseBodyWriter {
    final class Collected {
        var buffer: ByteBuffer?
    }

    let collected = Collected()

    static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let writer = CollectingWriter()
        try await body.write(writer)
        return writer.collected.buffer ?? ByteBuffer()
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        // A body of one buffer, the usual case, is passed on without a copy.
        if collected.buffer == nil {
            collected.buffer = buffer
        } else {
            collected.buffer?.writeImmutableBuffer(buffer)
        }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// Passes a response body on, keeping its first `limit` bytes for the journal.
private struct CapturingWriter: ResponseBodyWriter {
    var base: any ResponseBodyWriter
    let limit: Int
    let finished: @Sendable (ByteBuffer) -> Void
    private var captured = ByteBuffer()

    init(base: any ResponseBodyWriter, limit: Int, finished: @escaping @Sendable (ByteBuffer) -> Void) {
        self.base = base
        self.limit = limit
        self.finished = finished
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        if captured.readableBytes < limit { captured.writeImmutableBuffer(buffer) }
        try await base.write(buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        finished(captured)
        try await base.finish(trailingHeaders)
    }
}
