import Hummingbird

/// `PUT /v3/applications/settings_global/{custom_type}` and
/// `GET /v3/report/{channel_type}/{channel_url}/profanity_messages/{message_id}`.
struct ModerationFilterRoutes: Sendable {
    let filters: ModerationFilterService

    func register(applications: RouterGroup<RoostContext>, report: RouterGroup<RoostContext>) {
        applications.put("settings_global/:custom_type", use: updateSettings)
        for type in ChannelType.allCases {
            report.get(RouterPath("\(type.rawValue)/:channel_url/profanity_messages/:message_id"), use: moderatedMessage)
        }
    }

    @Sendable func updateSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let change = try await request.decodeJSON(ModerationSettingsChange.self)
        return try await filters.update(try context.pathParameter("custom_type"), with: change)
    }

    @Sendable func moderatedMessage(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let url = try context.channelURL()
        return try await filters.moderated(try context.int64PathParameter("message_id"), of: try context.channelType(), url)
    }
}
