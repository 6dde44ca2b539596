import Foundation

/// Flood protection: at most `limit` messages per second from one user in one channel
/// (0 turns it off). Kept in memory; a restart forgets the last second, which is harmless.
public final class FloodGate: @unchecked Sendable {
    private let limit: Int
    private let lock = NSLock()
    private var recent: [Key: [Int64]] = [:]

    private struct Key: Hashable {
        let sender: Int64
        let channel: Int64
    }

    public init(limit: Int) {
        self.limit = limit
    }

    /// Counts a message, or refuses it with Sendbird's rate-limit error when the sender has
    /// already sent `limit` messages in this channel within the last second.
    func admit(sender: Int64, channel: Int64, at now: Int64) throws(APIError) {
        guard limit > 0 else { return }
        let key = Key(sender: sender, channel: channel)
        let admitted: Bool = lock.withLock {
            var times = (recent[key] ?? []).filter { $0 > now - 1000 }
            guard times.count < limit else {
                recent[key] = times
                return false
            }
            times.append(now)
            recent[key] = times
            if recent.count > 10_000 { recent = recent.filter { $0.value.contains { $0 > now - 1000 } } }
            return true
        }
        guard admitted else { throw .rateLimited }
    }
}

extension APIError {
    static let rateLimited = APIError(
        code: 400910, message: "Too many messages: this user is sending faster than the channel allows.", status: .tooManyRequests
    )
}
