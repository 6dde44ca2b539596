import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// The console's only way to change or read the application: each call is a request to
/// Roost's own API, answered in process by the same router, middleware and services a
/// client's request goes through, with the signed-in admin's token. So the console follows
/// the same rules, records the same events and meets the same errors as any client.
final class ConsoleAPI: Sendable {
    private let responder = Mutex<RouterResponder<RoostContext>?>(nil)

    /// The whole server's responder, once it is built (the console's routes are part of it).
    func connect(_ responder: RouterResponder<RoostContext>) {
        self.responder.withLock { $0 = responder }
    }

    /// An API answer: what it says as `Answer`, or why the call failed.
    struct Reply<Answer: Decodable & Sendable>: Sendable {
        let answer: Answer?
        /// Sendbird's error message, when the call failed or its answer did not read as `Answer`.
        let failure: String?

        /// The answer a page shows, or the problem that the page shows instead, with `status`.
        func answered(else status: HTTPResponse.Status = .badRequest) throws(ConsoleProblem) -> Answer {
            guard let answer else { throw ConsoleProblem(message: failure ?? "", status: status) }
            return answer
        }
    }

    func call<Answer>(
        _ method: HTTPRequest.Method, _ path: String, body: (any Encodable & Sendable)? = nil, as: Answer.Type, token: String,
        context: RoostContext
    ) async throws -> Reply<Answer> {
        let response = try await respond(method, path, body: body, token: token, context: context)
        let collected = CollectedBytes()
        try await response.body.write(BodyCollector(collected: collected))
        let bytes = Data(collected.storage.withLock { $0 })
        guard response.status.code < 400 else {
            let failure = try? JSON.decoder.decode(ConsoleAnswers.Failure.self, from: bytes)
            return Reply(answer: nil, failure: failure?.message ?? "The request failed with status \(response.status.code).")
        }
        do {
            return Reply(answer: try JSON.decoder.decode(Answer.self, from: bytes), failure: nil)
        } catch {
            return Reply(answer: nil, failure: "Roost's answer to \(path) could not be read: \(error)")
        }
    }

    /// The answer itself, for one the console passes on as it comes (the live event stream).
    func respond(
        _ method: HTTPRequest.Method, _ path: String, body: (any Encodable & Sendable)? = nil, token: String,
        context: RoostContext, accept: String? = nil
    ) async throws -> Response {
        guard let responder = responder.withLock({ $0 }) else { throw APIError.unexpected }
        var headers: HTTPFields = [.apiToken: token, .contentType: "application/json"]
        if let accept { headers[.accept] = accept }
        let bytes = try body.map { try JSON.encoder.encode($0) } ?? []
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "roost", path: path, headerFields: headers),
            body: RequestBody(buffer: ByteBuffer(bytes: bytes))
        )
        var inner = context
        inner.apiToken = nil
        return try await responder.respond(to: request, context: inner)
    }
}

/// Gathers a response body written in one or more parts.
private struct BodyCollector: ResponseBodyWriter {
    let collected: CollectedBytes

    mutating func write(_ buffer: ByteBuffer) async throws {
        collected.storage.withLock { $0.append(contentsOf: buffer.readableBytesView) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

private final class CollectedBytes: Sendable {
    let storage = Mutex<[UInt8]>([])
}

/// Why a console page cannot show what it was asked for: the problem page says it instead.
struct ConsoleProblem: Error {
    let message: String
    let status: HTTPResponse.Status
}
