import Foundation

/// Webhook settings as Sendbird's `settings/webhook` routes read and change them, and the
/// failed deliveries. Turning webhooks on starts delivery at the next event, as Sendbird
/// does: nothing recorded while they were off is sent.
struct WebhookService: Sendable {
    let database: AppDatabase
    let events: EventLog
    let delivery: DeliveryEngine
    private let webhooks = WebhookRepository()

    /// What `PUT settings/webhook` may change; nil leaves a setting as it is.
    struct Change: Sendable {
        var enabled: Bool?
        var url: String?
        var includeMembers: Bool?
        var includeUnreadCount: Bool?
        var enabledEvents: [String]?
    }

    /// The longest webhook URL accepted, and the most categories one request may name.
    static let maxURLLength = 2048
    static let maxEnabledEvents = 100

    func settings() async throws -> WebhookSettings {
        try await database.read { db in try webhooks.settings(in: db) }
    }

    func change(_ change: Change) async throws -> WebhookSettings {
        try Self.check(change)
        let settings = try await database.write { db in
            var settings = try webhooks.settings(in: db)
            let wasEnabled = settings.enabled
            if let enabled = change.enabled { settings.enabled = enabled }
            if let url = change.url { settings.url = url }
            if let includeMembers = change.includeMembers { settings.includeMembers = includeMembers }
            if let includeUnreadCount = change.includeUnreadCount { settings.includeUnreadCount = includeUnreadCount }
            if let enabledEvents = change.enabledEvents {
                settings.enabledEvents = enabledEvents
                // Subscribing to nothing turns webhooks off (Sendbird's "choose events" page).
                if enabledEvents.isEmpty { settings.enabled = false }
            }
            if settings.enabled, settings.url.isEmpty { throw APIError.missing("url") }
            if settings.enabled, !wasEnabled { try DeliveryCursorRepository().skipToHead(WebhookFeed.name, in: db) }
            try webhooks.save(settings, in: db)
            return settings
        }
        events.options.update(settings.eventOptions)
        delivery.settingsChanged()
        database.settingsChanged()
        return settings
    }

    func failures(_ filter: FailedWebhookFilter, limit: Int) async throws -> [FailedWebhook] {
        try await database.read { db in try webhooks.failures(filter, limit: limit, in: db) }
    }

    /// Sendbird's checks: an http(s) URL, known categories (or `*` alone), a bounded list.
    private static func check(_ change: Change) throws(APIError) {
        if let url = change.url, !url.isEmpty {
            guard url.count <= maxURLLength else { throw .tooLong("url", max: maxURLLength) }
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", parsed.host?.isEmpty == false
            else { throw .invalid("url", "Give an http or https URL.") }
        }
        if let enabledEvents = change.enabledEvents {
            guard enabledEvents.count <= maxEnabledEvents else { throw .tooManyItems("enabled_events", max: maxEnabledEvents) }
            if enabledEvents.contains("*") {
                guard enabledEvents == ["*"] else { throw .invalid("enabled_events", "\"*\" stands alone: it means every category.") }
            } else if let unknown = enabledEvents.first(where: { EventCategory(rawValue: $0)?.isWebhook != true }) {
                throw .invalid("enabled_events", "\"\(unknown)\" is not a webhook category.")
            }
        }
    }
}
