import Hummingbird

/// `/v3/applications`: application-wide settings.
struct ApplicationRoutes: Sendable {
    let application: ApplicationService

    func register(on group: RouterGroup<RoostContext>) {
        group.get("default_channel_invitation_preference") { _, _ in
            try await application.defaultInvitationPreference()
        }
        group.put("default_channel_invitation_preference") { request, _ in
            try await application.setDefaultInvitationPreference(try await request.decodeJSON(InvitationPreference.self))
        }
        group.get("settings/auto_event_message") { _, _ in
            AutoEventMessageBody(settings: try await application.autoEventMessages())
        }
        group.put("settings/auto_event_message") { request, _ in
            let body = try await request.decodeJSON(AutoEventMessageRequest.self)
            guard let change = body.autoEventMessage else { throw APIError.missing("auto_event_message") }
            return AutoEventMessageBody(settings: try await application.changeAutoEventMessages(change))
        }
        group.put("settings/reactions") { request, _ in
            let body = try await request.decodeJSON(ReactionsSetting.self)
            guard let enabled = body.enabled else { throw APIError.missing("enabled") }
            return ReactionsAnswer(reactions: try await application.setReactionsEnabled(enabled))
        }
    }
}

struct ReactionsSetting: Decodable {
    let enabled: Bool?
}

struct ReactionsAnswer: ResponseEncodable {
    let reactions: Bool
}
