/// Webhooks as a delivery feed: each event of a subscribed category is POSTed to the
/// webhook URL with its payload as recorded; one channel's events go in log order, and so do
/// the events of no channel.
struct WebhookFeed: DeliveryFeed {
    static let name = "webhooks"
    var name: String { Self.name }
    private let webhooks = WebhookRepository()

    func isActive(in db: Database) throws -> Bool {
        try webhooks.settings(in: db).enabled
    }

    func posts(for events: [StoredEvent], in db: Database) throws -> [[OutboundPost]] {
        let settings = try webhooks.settings(in: db)
        return events.map { event in
            guard settings.delivers(event.category) else { return [] }
            return [
                OutboundPost(
                    seq: event.seq, category: event.category, createdAt: event.createdAt, url: settings.url, body: event.payload,
                    orderingKey: event.channelURL ?? ""
                ),
            ]
        }
    }

    func recordFailure(of post: OutboundPost, statusCode: Int, attempts: Int, at time: Int64, in db: Database) throws {
        try webhooks.recordFailure(
            FailedWebhook(seq: post.seq, category: post.category, statusCode: statusCode, attempts: attempts, failedAt: time, payload: post.body),
            in: db
        )
    }

    func currentURL(for post: OutboundPost, in db: Database) throws -> String? {
        let settings = try webhooks.settings(in: db)
        return settings.delivers(post.category) ? settings.url : nil
    }
}
