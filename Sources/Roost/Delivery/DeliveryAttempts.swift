import Foundation

/// The newest outbound POST attempts of every feed (webhooks, bot callbacks, the push
/// relay), kept in memory for `/roost/deliveries`: where each went, for which event, and
/// what came back (0: no answer).
struct DeliveryAttempts: Sendable {
    struct Attempt: Sendable, Encodable {
        let feed: String
        let url: String
        let category: String
        let seq: Int64
        let statusCode: Int
        let attempt: Int
        let at: Int64

        enum CodingKeys: String, CodingKey {
            case feed, url, category, seq = "event_seq", statusCode = "status_code", attempt, at = "attempted_at"
        }
    }

    private let recent: RecentItems<Attempt>

    init(capacity: Int = 1_000) {
        recent = RecentItems(capacity: capacity)
    }

    func record(_ attempt: Attempt) {
        recent.append(attempt)
    }

    /// Oldest first.
    var all: [Attempt] {
        recent.items().map(\.item)
    }

    func clear() {
        recent.clear()
    }
}
