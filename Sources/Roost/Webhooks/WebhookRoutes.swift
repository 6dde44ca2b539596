import Hummingbird

/// `GET/PUT /v3/applications/settings/webhook` and
/// `GET /v3/applications/{app_id}/failed_webhooks`.
struct WebhookRoutes: Sendable {
    let webhooks: WebhookService
    let applicationID: String

    func register(on group: RouterGroup<RoostContext>) {
        group.get("settings/webhook", use: webhookSettings)
        group.put("settings/webhook", use: updateWebhookSettings)
        group.get(":app_id/failed_webhooks", use: failedWebhooks)
    }

    @Sendable func webhookSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let all = try request.query.bool("display_all_webhook_categories") ?? false
        return WebhookBody(settings: try await webhooks.settings(), allCategories: all)
    }

    @Sendable func updateWebhookSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(WebhookSettingsRequest.self)
        return WebhookBody(settings: try await webhooks.change(body.change), allCategories: false)
    }

    @Sendable func failedWebhooks(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        guard try context.pathParameter("app_id") == applicationID else { throw APIError.notFound("Application") }
        let query = request.query
        let limit = try query.int("limit") ?? 10
        guard (1...100).contains(limit) else { throw APIError.outOfRange("limit", 1...100) }
        var filter = FailedWebhookFilter(
            start: try query.int64("start_ts"), end: try query.int64("end_ts"),
            category: query.string("webhook_category"), statusCode: try query.int("webhook_status_code")
        )
        if let token = query.string("token"), !token.isEmpty {
            let cursor = try PageCursor(token: token)
            filter.after = (try cursor.integer(at: 0), try cursor.integer(at: 1))
        } else if let nextTS = try query.int64("next_ts") {
            filter.after = (nextTS, 0)
        }
        let fetched = try await webhooks.failures(filter, limit: limit + 1)
        return FailedWebhookList(
            failures: Array(fetched.prefix(limit)), applicationID: applicationID,
            next: fetched.count > limit ? fetched[limit - 1] : nil
        )
    }
}

struct WebhookSettingsRequest: Decodable {
    var enabled: Bool?
    var url: String?
    var includeMembers: Bool?
    var includeUnreadCount: Bool?
    var enabledEvents: [String]?

    enum CodingKeys: String, CodingKey {
        case enabled, url, includeMembers = "include_members", includeUnreadCount = "include_unread_count"
        case enabledEvents = "enabled_events"
    }

    var change: WebhookService.Change {
        .init(enabled: enabled, url: url, includeMembers: includeMembers, includeUnreadCount: includeUnreadCount, enabledEvents: enabledEvents)
    }
}

/// `{"webhook": {...}}`, with `all_webhook_categories` when asked for.
struct WebhookBody: ResponseEncodable, JSONObject {
    let settings: WebhookSettings
    let allCategories: Bool

    struct Webhook: JSONObject {
        let settings: WebhookSettings
        let allCategories: Bool

        func write(to fields: inout JSONFields) throws {
            try fields.write("enabled", settings.enabled)
            try fields.write("url", settings.url)
            try fields.write("include_members", settings.includeMembers)
            try fields.write("include_unread_count", settings.includeUnreadCount)
            try fields.write("enabled_events", settings.expandedEvents)
            if allCategories { try fields.write("all_webhook_categories", EventCategory.names) }
        }
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("webhook", Webhook(settings: settings, allCategories: allCategories))
    }
}

/// One page of failed deliveries: `webhook_logs`, with `next_ts` (and Roost's exact `next`
/// token) when more follow.
struct FailedWebhookList: ResponseEncodable, JSONObject {
    let failures: [FailedWebhook]
    let applicationID: String
    let next: FailedWebhook?

    struct Log: JSONObject {
        let failure: FailedWebhook
        let applicationID: String

        func write(to fields: inout JSONFields) throws {
            try fields.write("id", failure.id)
            try fields.write("app_uuid", applicationID)
            try fields.write("webhook_category", failure.category)
            try fields.write("webhook_status_code", failure.statusCode)
            try fields.write("attempts", failure.attempts)
            try fields.write("failed_at", failure.failedAt)
            try fields.write("event_seq", failure.seq)
            try fields.write("payload", RawJSON(failure.payload))
        }
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("webhook_logs", failures.map { Log(failure: $0, applicationID: applicationID) })
        try fields.write("next_ts", next?.failedAt ?? 0)
        try fields.write("next", next.map { PageCursor([String($0.failedAt), String($0.id)]).token } ?? "")
    }

}
