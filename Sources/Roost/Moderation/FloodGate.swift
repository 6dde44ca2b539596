import Synchronization

/// Sendbird's flood protection: at most `limit` messages a second from one sender in one
/// channel (0 turns it off). Kept in memory by the sender's and the channel's row ids, so it
/// forgets a user or channel as soon as it is deleted (`forget`): SQLite gives a deleted row's
/// id to the next row, which must start with a clean slate.
public final class FloodGate: Sendable {
    private let limit: Int
    private let recent = Mutex<[Key: [Int64]]>([:])

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
        let admitted: Bool = recent.withLock { recent in
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

    /// Drops what was counted for deleted users and channels.
    func forget(_ deleted: RowDeletions.Deleted) {
        guard limit > 0 else { return }
        recent.withLock { recent in
            if deleted.everything {
                recent = [:]
            } else {
                recent = recent.filter { !deleted.users.contains($0.key.sender) && !deleted.channels.contains($0.key.channel) }
            }
        }
    }
}

extension APIError {
    static let rateLimited = APIError(
        code: 400910, message: "Too many messages: this user is sending faster than the channel allows.", status: .tooManyRequests
    )
}
