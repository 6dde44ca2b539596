import Foundation

/// The newest outbound POST attempts of every feed (webhooks, bot callbacks, the push
/// relay), kept in memory for `/roost/deliveries`: where each went, for which event, and
/// what came back (0: no answer).
final class DeliveryAttempts: @unchecked Sendable {
    struct Attempt: Sendable {
        let feed: String
        let url: String
        let category: String
        let seq: Int64
        let statusCode: Int
        let attempt: Int
        let at: Int64
    }

    private let lock = NSLock()
    private var attempts: [Attempt] = []
    private var start = 0
    let capacity: Int

    init(capacity: Int = 1_000) {
        self.capacity = capacity
    }

    func record(_ attempt: Attempt) {
        lock.withLock {
            if attempts.count < capacity {
                attempts.append(attempt)
            } else {
                attempts[start] = attempt
                start = (start + 1) % capacity
            }
        }
    }

    /// Oldest first.
    var all: [Attempt] {
        lock.withLock { Array(attempts[start...] + attempts[..<start]) }
    }

    func clear() {
        lock.withLock {
            attempts.removeAll()
            start = 0
        }
    }
}
