import Hummingbird

/// `GET /roost/pushes`: the push notifications Roost would have sent (Roost's own route; a
/// test asserts on it instead of on a phone), oldest first after `since` (a `seq`), for one
/// `user_id` and one `channel_url` when given. The outbox follows the sends; it answers once
/// it has caught up with every send before the request, as if pushes were made with each.
struct PushOutboxRoutes: Sendable {
    let database: AppDatabase
    let pushes: EventFollower<PushNotifications>
    private let outbox = PushOutboxRepository()

    func register(on group: RouterGroup<RoostContext>) {
        group.get("pushes", use: listPushes)
    }

    @Sendable func listPushes(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        let since = try query.int64("since") ?? 0
        guard since >= 0 else { throw APIError.negativeNotAllowed("since") }
        let limit = try query.int("limit") ?? 100
        guard (1...1000).contains(limit) else { throw APIError.outOfRange("limit", 1...1000) }
        let (userID, channelURL) = (query.string("user_id"), query.string("channel_url"))
        await pushes.caughtUp()
        let pushes = try await database.read { db in
            try outbox.pushes(after: since, userID: userID, channelURL: channelURL, limit: limit, in: db)
        }
        return try jsonResponse(PushPage(pushes: pushes))
    }
}

/// `{"pushes": [{"seq", "created_at", "push"}], "last_seq"}`.
struct PushPage: Encodable {
    struct Item: Encodable {
        let seq: Int64
        let createdAt: Int64
        let push: RawJSON

        enum CodingKeys: String, CodingKey { case seq, createdAt = "created_at", push }
    }

    let pushes: [Item]
    let lastSeq: Int64

    enum CodingKeys: String, CodingKey { case pushes, lastSeq = "last_seq" }

    init(pushes: [StoredEvent]) {
        self.pushes = pushes.map { Item(seq: $0.seq, createdAt: $0.createdAt, push: RawJSON($0.payload)) }
        lastSeq = pushes.last?.seq ?? 0
    }
}
