import Hummingbird

/// The filters' settings, the application's (`/v3/applications/settings_global`) and each
/// channel custom type's (`/v3/applications/settings_by_channel_custom_type`, and
/// `PUT /v3/applications/settings_global/{custom_type}` as Sendbird's OpenAPI names it), and
/// `GET /v3/report/{channel_type}/{channel_url}/profanity_messages/{message_id}`.
struct ModerationFilterRoutes: Sendable {
    let filters: ModerationFilterService

    func register(applications: RouterGroup<RoostContext>, report: RouterGroup<RoostContext>) {
        applications.get("settings_global", use: applicationSettings)
        applications.put("settings_global", use: updateApplicationSettings)
        applications.put("settings_global/:custom_type", use: updateSettings)
        applications.get("settings_by_channel_custom_type", use: customTypeSettingsList)
        applications.post("settings_by_channel_custom_type", use: createCustomTypeSettings)
        applications.get("settings_by_channel_custom_type/:custom_type", use: customTypeSettings)
        applications.put("settings_by_channel_custom_type/:custom_type", use: updateCustomTypeSettings)
        applications.delete("settings_by_channel_custom_type/:custom_type", use: deleteCustomTypeSettings)
        for type in ChannelType.allCases {
            report.get(RouterPath("\(type.rawValue)/:channel_url/profanity_messages/:message_id"), use: moderatedMessage)
        }
    }

    @Sendable func applicationSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await filters.applicationSettings()
    }

    @Sendable func updateApplicationSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await filters.updateApplication(with: try await request.decodeJSON(ModerationSettingsChange.self))
    }

    @Sendable func updateSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let change = try await request.decodeJSON(ModerationSettingsChange.self)
        return try await filters.update(try context.pathParameter("custom_type"), with: change, absent: .creates)
    }

    @Sendable func customTypeSettingsList(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let page = try await filters.customTypes(page: try request.query.pageRequest())
        return CustomTypeSettingsList(settings: page.items, next: page.next)
    }

    @Sendable func createCustomTypeSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(CustomTypeSettingsRequest.self)
        return try await filters.create(body.customType, with: body.change)
    }

    @Sendable func customTypeSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await filters.settings(of: try context.pathParameter("custom_type"))
    }

    @Sendable func updateCustomTypeSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let change = try await request.decodeJSON(ModerationSettingsChange.self)
        return try await filters.update(try context.pathParameter("custom_type"), with: change, absent: .refuses)
    }

    @Sendable func deleteCustomTypeSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await filters.delete(try context.pathParameter("custom_type"))
        return EmptyObject()
    }

    @Sendable func moderatedMessage(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let url = try context.channelURL()
        return try await filters.moderated(try context.int64PathParameter("message_id"), of: try context.channelType(), url)
    }
}

/// `{"channel_custom_type_settings": [...], "next": ...}`.
struct CustomTypeSettingsList: ResponseEncodable {
    let settings: [ModerationSettings]
    let next: String

    enum CodingKeys: String, CodingKey { case settings = "channel_custom_type_settings", next }
}
