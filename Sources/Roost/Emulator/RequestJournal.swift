import Foundation
import Hummingbird
import NIOCore

/// The newest requests and their answers, kept in memory for `/roost/requests`: method,
/// path, query, status, duration, and the bodies cut at `bodyLimit` bytes; the token is
/// masked. Event streams are listed without their (endless) body.
final class RequestJournal: @unchecked Sendable {
    struct Entry: Sendable {
        var id: Int64
        var at: Int64
        var method: String
        var path: String
        var query: String
        var token: String
        var status: Int
        var milliseconds: Double
        var requestBody: String
        var responseBody: String
    }

    private let lock = NSLock()
    /// A ring: the entry with id `n` sits at `(n - 1) % capacity` while it is kept.
    private var slots: [Entry?]
    private var nextID: Int64 = 1
    let capacity: Int
    let bodyLimit: Int

    init(capacity: Int, bodyLimit: Int) {
        self.capacity = capacity
        self.bodyLimit = bodyLimit
        slots = Array(repeating: nil, count: capacity)
    }

    var isOn: Bool { capacity > 0 }

    @discardableResult
    func record(_ entry: Entry) -> Int64 {
        lock.withLock {
            var entry = entry
            entry.id = nextID
            slots[slot(of: nextID)] = entry
            nextID += 1
            return entry.id
        }
    }

    func attachResponse(_ body: String, to id: Int64) {
        lock.withLock {
            let slot = slot(of: id)
            guard slots[slot]?.id == id else { return }
            slots[slot]?.responseBody = body
        }
    }

    /// The newest `limit` entries after `since` (an id), oldest first, narrowed by path prefix and status.
    func entries(limit: Int, pathPrefix: String?, status: Int?, since: Int64) -> [Entry] {
        guard isOn else { return [] }
        let kept: [Entry] = lock.withLock {
            let first = max(since + 1, nextID - Int64(capacity), 1)
            return stride(from: first, to: nextID, by: 1).compactMap { slots[slot(of: $0)] }
        }
        return Array(kept.filter { entry in
            (pathPrefix.map { entry.path.hasPrefix($0) } ?? true) && (status.map { entry.status == $0 } ?? true)
        }.suffix(limit))
    }

    private func slot(of id: Int64) -> Int {
        Int((id - 1) % Int64(capacity))
    }

    func clear() {
        lock.withLock { slots = Array(repeating: nil, count: capacity) }
    }

    /// A body as the journal keeps it: text, cut at the limit.
    func text(of buffer: ByteBuffer) -> String {
        String(decoding: buffer.readableBytesView.prefix(bodyLimit), as: UTF8.self)
    }

    /// All but the last four characters of a token as `*`.
    static func masked(_ token: String?) -> String {
        guard let token, !token.isEmpty else { return "" }
        return String(repeating: "*", count: max(0, token.count - 4)) + token.suffix(4)
    }
}

/// Records each request to the API in the journal, after its body was read and with the
/// error it met (which `ErrorMiddleware`, further out, turns into the answer). Roost's own
/// routes, health checks, metrics and file downloads are not the API: they are left out.
struct RequestJournalMiddleware: RouterMiddleware {
    typealias Context = RoostContext
    let journal: RequestJournal
    let clock: WallClock

    static func isJournaled(_ path: String) -> Bool {
        path.hasPrefix("/v3/")
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard journal.isOn, Self.isJournaled(request.uri.path) else { return try await next(request, context) }
        let start = ContinuousClock.now
        let requestBody = journal.text(of: try await request.body.collect(upTo: .max))
        var entry = RequestJournal.Entry(
            id: 0, at: clock.now, method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "",
            token: RequestJournal.masked(request.headers[.apiToken] ?? request.headers[.sessionKey]), status: 0, milliseconds: 0,
            requestBody: requestBody, responseBody: ""
        )
        func elapsed() -> Double {
            let duration = ContinuousClock.now - start
            return Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        do {
            var response = try await next(request, context)
            entry.status = Int(response.status.code)
            entry.milliseconds = elapsed()
            let id = journal.record(entry)
            guard response.headers[.contentType]?.hasPrefix("text/event-stream") != true else { return response }
            let original = response.body
            let journal = self.journal
            response.body = ResponseBody(contentLength: original.contentLength) { writer in
                try await original.write(CapturingWriter(base: writer, limit: journal.bodyLimit) { journal.attachResponse(journal.text(of: $0), to: id) })
            }
            return response
        } catch let error as APIError {
            entry.status = Int(error.status.code)
            entry.milliseconds = elapsed()
            entry.responseBody = #"{"error":true,"code":\#(error.code),"message":\#(String(decoding: (try? JSON.encoder.encode(error.message)) ?? [], as: UTF8.self))}"#
            journal.record(entry)
            throw error
        } catch {
            entry.status = 500
            entry.milliseconds = elapsed()
            journal.record(entry)
            throw error
        }
    }
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
