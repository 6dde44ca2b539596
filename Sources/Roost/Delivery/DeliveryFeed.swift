/// One HTTP POST an event makes: to a webhook URL, or to a bot's callback URL.
struct OutboundPost: Sendable {
    let seq: Int64
    let category: String
    /// When the event was recorded, for the delivery lag.
    let createdAt: Int64
    let url: String
    let body: String
    /// Posts with the same key go one at a time, in log order (a channel's events, a bot's
    /// callbacks); posts with different keys may go side by side.
    let orderingKey: String
}

/// Where one kind of outbound traffic goes. The engine reads the event log after the feed's
/// cursor and asks the feed what each event makes; the feed decides from its own settings,
/// read in the same transaction as the events.
protocol DeliveryFeed: Sendable {
    /// The name its progress is kept under in `delivery_cursors`.
    var name: String { get }
    /// Whether anything could be sent now (webhooks on, a bot, a relay URL). While not, the
    /// engine reads no events for the feed and only moves its cursor along now and then.
    func isActive(in db: Database) throws -> Bool
    /// The POSTs each event of a batch makes: none, one, or one per receiver.
    func posts(for events: [StoredEvent], in db: Database) throws -> [[OutboundPost]]
    /// Records a POST that got no 2xx answer after every attempt.
    func recordFailure(of post: OutboundPost, statusCode: Int, attempts: Int, at time: Int64, in db: Database) throws
    /// Where to try again a POST whose receiver could not be reached: the URL as the settings
    /// now have it, or nil when the POST is no longer wanted.
    func currentURL(for post: OutboundPost, in db: Database) throws -> String?
}
