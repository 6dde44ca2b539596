import Foundation
import NIOCore
import Synchronization

/// The API tokens and the IP whitelist in force, kept in memory so that every request is
/// checked without reading the database. The service replaces them after each change
/// commits, so a revoked token or a new whitelist applies from the next request.
final class APIAccessList: APIAccessPolicy, Sendable {
    private let masterToken: String
    private let secondaryTokens = Mutex<Set<String>>([])
    private let ranges = Mutex<[IPRange]>([])

    init(masterToken: String) {
        self.masterToken = masterToken
    }

    func kind(of token: String) -> APITokenKind? {
        if constantTimeEquals(token, masterToken) { return .master }
        return secondaryTokens.withLock { $0.contains(token) } ? .secondary : nil
    }

    func allows(_ address: @autoclosure () -> SocketAddress?) -> Bool {
        let ranges = self.ranges.withLock { $0 }
        guard !ranges.isEmpty else { return true }
        guard let address = address() else { return false }
        return ranges.contains { $0.contains(address) }
    }

    func isMaster(_ token: String) -> Bool {
        constantTimeEquals(token, masterToken)
    }

    func replace(tokens: [String]) {
        secondaryTokens.withLock { $0 = Set(tokens) }
    }

    func replace(whitelist: [String]) {
        let parsed = whitelist.compactMap(IPRange.init)
        ranges.withLock { $0 = parsed }
    }
}
