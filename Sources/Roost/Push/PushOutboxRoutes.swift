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
struct PushPage: JSONObject {
    let pushes: [StoredEvent]

    struct Item: JSONObject {
        let event: StoredEvent

        func write(to fields: inout JSONFields) throws {
            try fields.write("seq", event.seq)
            try fields.write("created_at", event.createdAt)
            try fields.write("push", RawJSON(event.payload))
        }
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("pushes", pushes.map(Item.init))
        try fields.write("last_seq", pushes.last?.seq ?? 0)
    }
}
