import Hummingbird

/// `POST /v3/migration/{target_channel_url}`: importing messages from another system.
struct MigrationRoutes: Sendable {
    let messages: MessageService

    func register(on group: RouterGroup<RoostContext>) {
        group.post(":target_channel_url", use: migrate)
    }

    @Sendable func migrate(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(MigrationRequest.self)
        try await messages.migrate(into: try context.pathParameter("target_channel_url"), body.messages)
        return EmptyObject()
    }
}
