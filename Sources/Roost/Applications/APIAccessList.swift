import Foundation
import NIOCore

/// The API tokens and the IP whitelist in force, kept in memory so that every request is
/// checked without reading the database. The service replaces them after each change
/// commits, so a revoked token or a new whitelist applies from the next request.
final class APIAccessList: APIAccessPolicy, @unchecked Sendable {
    private let masterToken: String
    private let lock = NSLock()
    private var secondaryTokens: Set<String> = []
    private var ranges: [IPRange] = []

    init(masterToken: String) {
        self.masterToken = masterToken
    }

    func kind(of token: String) -> APITokenKind? {
        if constantTimeEquals(token, masterToken) { return .master }
        return lock.withLock { secondaryTokens.contains(token) } ? .secondary : nil
    }

    func allows(_ address: @autoclosure () -> SocketAddress?) -> Bool {
        let ranges = lock.withLock { self.ranges }
        guard !ranges.isEmpty else { return true }
        guard let address = address() else { return false }
        return ranges.contains { $0.contains(address) }
    }

    func isMaster(_ token: String) -> Bool {
        constantTimeEquals(token, masterToken)
    }

    func replace(tokens: [String]) {
        lock.withLock { secondaryTokens = Set(tokens) }
    }

    func replace(whitelist: [String]) {
        let parsed = whitelist.compactMap(IPRange.init)
        lock.withLock { ranges = parsed }
    }
}
