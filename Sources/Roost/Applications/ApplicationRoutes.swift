import Hummingbird

/// `/v3/applications`: application-wide settings.
struct ApplicationRoutes: Sendable {
    let application: ApplicationService

    func register(on group: RouterGroup<RoostContext>) {
        group.get("default_channel_invitation_preference", use: invitationPreference)
        group.put("default_channel_invitation_preference", use: setInvitationPreference)
        group.get("settings/auto_event_message", use: autoEventMessages)
        group.put("settings/auto_event_message", use: setAutoEventMessages)
        group.put("settings/reactions", use: setReactions)
    }

    @Sendable func invitationPreference(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await application.defaultInvitationPreference()
    }

    @Sendable func setInvitationPreference(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await application.setDefaultInvitationPreference(try await request.decodeJSON(InvitationPreference.self))
    }

    @Sendable func autoEventMessages(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        AutoEventMessageBody(settings: try await application.autoEventMessages())
    }

    @Sendable func setAutoEventMessages(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let change = try await request.decodeJSON(AutoEventMessageRequest.self).change
        return AutoEventMessageBody(settings: try await application.changeAutoEventMessages(change))
    }

    @Sendable func setReactions(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(ReactionsSetting.self)
        guard let enabled = body.enabled else { throw APIError.missing("enabled") }
        return ReactionsAnswer(reactions: try await application.setReactionsEnabled(enabled))
    }
}

struct ReactionsSetting: Decodable {
    let enabled: Bool?
}

struct ReactionsAnswer: ResponseEncodable {
    let reactions: Bool
}
