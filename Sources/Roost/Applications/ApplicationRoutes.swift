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
    }
}
