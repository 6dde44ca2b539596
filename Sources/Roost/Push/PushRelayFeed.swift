import Foundation

/// The push relay as a delivery feed: with `--push-relay-url` set, each push notification
/// Roost records is POSTed there as recorded, signed and retried as webhooks are; one
/// user's pushes go in log order.
struct PushRelayFeed: DeliveryFeed {
    let url: String?
    var name: String { "push_relay" }

    private struct Recipient: Decodable {
        let userID: String
        enum CodingKeys: String, CodingKey { case userID = "user_id" }
    }

    func isActive(in db: Database) throws -> Bool {
        url != nil
    }

    func posts(for events: [StoredEvent], in db: Database) throws -> [[OutboundPost]] {
        events.map { event in
            guard let url, event.category == EventCategory.push.rawValue else { return [] }
            let recipient = try? JSONDecoder().decode(Recipient.self, from: Data(event.payload.utf8))
            return [
                OutboundPost(
                    seq: event.seq, category: event.category, createdAt: event.createdAt, url: url, body: event.payload,
                    orderingKey: "push:\(recipient?.userID ?? "")"
                ),
            ]
        }
    }

    func recordFailure(of post: OutboundPost, statusCode: Int, attempts: Int, at time: Int64, in db: Database) throws {
        // Sendbird lists failed webhooks only; the engine logs a push it gave up relaying, and passes it.
    }

    func currentURL(for post: OutboundPost, in db: Database) throws -> String? { url }
}
