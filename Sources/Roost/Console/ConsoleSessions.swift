import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// The console's signed-in admins, kept in memory: the cookie holds a random session id
/// only, never the API token. Each session has its own CSRF token, which every form sends
/// back; a session unused for `idleLimit` ends.
final class ConsoleSessions: Sendable {
    struct Session: Sendable {
        let id: String
        let token: String
        let csrf: String
        var lastUsed: ContinuousClock.Instant
        /// The outcome of the last action, shown once on the next page.
        var notice: Notice?
    }

    struct Notice: Sendable {
        let text: String
        let isError: Bool
    }

    static let cookieName = "roost_console"
    /// The sign-in form's own CSRF cookie, before there is a session.
    static let signInCookieName = "roost_console_sign_in"
    static let idleLimit: Duration = .seconds(8 * 3600)
    static let maximum = 1_000

    private let sessions = Mutex<[String: Session]>([:])
    private let random: RandomTokens

    init(random: RandomTokens) {
        self.random = random
    }

    /// A new secret for a session or a form: 32 random bytes in hex.
    func newSecret() -> String {
        random.hex(bytes: 32)
    }

    func start(token: String) -> Session {
        let session = Session(
            id: newSecret(), token: token, csrf: newSecret(),
            lastUsed: .now, notice: nil
        )
        sessions.withLock { sessions in
            if sessions.count >= Self.maximum, let oldest = sessions.values.min(by: { $0.lastUsed < $1.lastUsed }) {
                sessions[oldest.id] = nil
            }
            sessions[session.id] = session
        }
        return session
    }

    /// The request's session, if its cookie names a live one.
    func session(for request: Request) -> Session? {
        guard let id = Self.cookie(Self.cookieName, in: request) else { return nil }
        return sessions.withLock { sessions in
            guard var session = sessions[id] else { return nil }
            guard ContinuousClock.now - session.lastUsed < Self.idleLimit else {
                sessions[id] = nil
                return nil
            }
            session.lastUsed = .now
            sessions[id] = session
            return session
        }
    }

    func end(_ session: Session) {
        _ = sessions.withLock { $0.removeValue(forKey: session.id) }
    }

    func tell(_ session: Session, _ text: String, isError: Bool = false) {
        sessions.withLock { $0[session.id]?.notice = Notice(text: text, isError: isError) }
    }

    /// The notice waiting for the session's next page, taken so that it shows once.
    func takeNotice(of session: Session) -> Notice? {
        sessions.withLock { sessions in
            defer { sessions[session.id]?.notice = nil }
            return sessions[session.id]?.notice
        }
    }

    static func cookie(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0] == name { return parts[1] }
            }
        }
        return nil
    }

    /// A cookie only the console's pages send back, never readable by scripts nor sent from another site.
    static func setCookie(_ name: String, _ value: String, maxAge: Int? = nil) -> String {
        "\(name)=\(value); Path=/console; HttpOnly; SameSite=Strict" + (maxAge.map { "; Max-Age=\($0)" } ?? "")
    }

    /// Compares secrets in time that does not depend on where they differ.
    static func same(_ given: String?, _ expected: String) -> Bool {
        guard let given, given.utf8.count == expected.utf8.count else { return false }
        return zip(given.utf8, expected.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// A submitted console form (`application/x-www-form-urlencoded`).
struct ConsoleForm: Sendable {
    let fields: [String: String]

    init(_ request: Request, limit: Int = 64 * 1024) async throws {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge(max: limit)
        }
        var fields: [String: String] = [:]
        for pair in String(buffer: body).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }
            // A field whose encoding is broken is left out, as if it were not sent.
            guard let name = parts[0], let value = parts.count == 2 ? parts[1] : "", fields[name] == nil else { continue }
            fields[name] = value
        }
        self.fields = fields
    }

    subscript(name: String) -> String? {
        fields[name]
    }

    /// A field's text, trimmed; nil when it is missing or empty.
    func text(_ name: String) -> String? {
        let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return value.isEmpty ? nil : value
    }
}
