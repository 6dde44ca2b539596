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
struct WebhookBody: ResponseEncodable, Encodable {
    struct Webhook: Encodable {
        let enabled: Bool
        let url: String
        let includeMembers: Bool
        let includeUnreadCount: Bool
        let enabledEvents: [String]
        let allWebhookCategories: [String]?

        enum CodingKeys: String, CodingKey {
            case enabled, url, includeMembers = "include_members", includeUnreadCount = "include_unread_count"
            case enabledEvents = "enabled_events", allWebhookCategories = "all_webhook_categories"
        }
    }

    let webhook: Webhook

    init(settings: WebhookSettings, allCategories: Bool) {
        webhook = Webhook(
            enabled: settings.enabled, url: settings.url, includeMembers: settings.includeMembers,
            includeUnreadCount: settings.includeUnreadCount, enabledEvents: settings.expandedEvents,
            allWebhookCategories: allCategories ? EventCategory.names : nil
        )
    }
}

/// One page of failed deliveries: `webhook_logs`, with `next_ts` (and Roost's exact `next`
/// token) when more follow.
struct FailedWebhookList: ResponseEncodable, Encodable {
    struct Log: Encodable {
        let id: Int64
        let appUUID: String
        let webhookCategory: String
        let webhookStatusCode: Int
        let attempts: Int
        let failedAt: Int64
        let eventSeq: Int64
        let payload: RawJSON

        enum CodingKeys: String, CodingKey {
            case id, appUUID = "app_uuid", webhookCategory = "webhook_category", webhookStatusCode = "webhook_status_code"
            case attempts, failedAt = "failed_at", eventSeq = "event_seq", payload
        }

        init(failure: FailedWebhook, applicationID: String) {
            id = failure.id
            appUUID = applicationID
            webhookCategory = failure.category
            webhookStatusCode = failure.statusCode
            attempts = failure.attempts
            failedAt = failure.failedAt
            eventSeq = failure.seq
            payload = RawJSON(failure.payload)
        }
    }

    let webhookLogs: [Log]
    let nextTS: Int64
    let next: String

    enum CodingKeys: String, CodingKey { case webhookLogs = "webhook_logs", nextTS = "next_ts", next }

    init(failures: [FailedWebhook], applicationID: String, next: FailedWebhook?) {
        webhookLogs = failures.map { Log(failure: $0, applicationID: applicationID) }
        nextTS = next?.failedAt ?? 0
        self.next = next.map { PageCursor([String($0.failedAt), String($0.id)]).token } ?? ""
    }
}
