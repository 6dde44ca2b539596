/// The application's webhook settings.
struct WebhookSettings: Sendable, Equatable {
    var enabled = false
    var url = ""
    var includeMembers = false
    var includeUnreadCount = false
    /// Category names; every category when it holds "*" (as stored after `["*"]`).
    var enabledEvents: [String] = []

    /// `enabled_events` as answered: `["*"]` expanded into every category.
    var expandedEvents: [String] {
        enabledEvents.contains("*") ? EventCategory.names : enabledEvents
    }

    func delivers(_ category: String) -> Bool {
        enabled && (enabledEvents.contains("*") ? EventCategory(rawValue: category)?.isWebhook == true : enabledEvents.contains(category))
    }

    var eventOptions: EventOptions.Values {
        EventOptions.Values(includeMembers: includeMembers, includeUnreadCount: includeUnreadCount)
    }
}
