import Synchronization

/// Sendbird's flood protection: at most `limit` messages a second from one sender in one
/// channel (0 turns it off). Kept in memory by the sender's and the channel's row ids, so it
/// forgets a user or channel as soon as it is deleted (`forget`): SQLite gives a deleted row's
/// id to the next row, which must start with a clean slate.
///
/// Only messages that are stored count: a send takes its slot inside its write, through a
/// `FloodClaim`, and gives it back when the write does not commit (a later rule refused it, a
/// statement failed, the group commit rolled back).
public final class FloodGate: Sendable {
    private let limit: Int
    private let recent = Mutex<[Key: [Int64]]>([:])

    fileprivate struct Key: Hashable {
        let sender: Int64
        let channel: Int64
    }

    public init(limit: Int) {
        self.limit = limit
    }

    /// Counts a message into `claim`, or refuses it with Sendbird's rate-limit error when the
    /// sender has already sent `limit` messages in this channel within the last second.
    func admit(sender: Int64, channel: Int64, at now: Int64, into claim: FloodClaim) throws(APIError) {
        // A write run again (PostgreSQL could not serialize its first run) keeps the slot its
        // first run took.
        guard limit > 0, claim.slot.withLock({ $0 == nil }) else { return }
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
        claim.slot.withLock { $0 = (key, now) }
    }

    /// Gives back the slot `claim` took, if it took one: its message was not stored.
    func giveBack(_ claim: FloodClaim) {
        guard let (key, time) = claim.slot.withLock({ slot in
            defer { slot = nil }
            return slot
        }) else { return }
        recent.withLock { recent in
            guard var times = recent[key], let index = times.lastIndex(of: time) else { return }
            times.remove(at: index)
            recent[key] = times.isEmpty ? nil : times
        }
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

/// The slot one send took in the `FloodGate`, kept until the send's write is known to have
/// committed or not.
final class FloodClaim: Sendable {
    fileprivate let slot = Mutex<(key: FloodGate.Key, time: Int64)?>(nil)
}

extension APIError {
    static let rateLimited = APIError(
        code: 400910, message: "Too many messages: this user is sending faster than the channel allows.", status: .tooManyRequests
    )
}
