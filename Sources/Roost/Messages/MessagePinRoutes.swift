import Hummingbird

/// `POST` and `DELETE /v3/{channel_type}/{channel_url}/messages/{message_id}/pin`: pin or
/// unpin a message; both answer the channel.
struct MessagePinRoutes: Sendable {
    let pins: MessagePinService
    let channels: any ChannelPresenter

    func register(on api: RouterGroup<RoostContext>) {
        for type in ChannelType.allCases { register(on: api, type) }
    }

    private func register(on api: RouterGroup<RoostContext>, _ type: ChannelType) {
        let path = "\(type.rawValue)/:channel_url/messages/:message_id/pin"
        api.post(RouterPath(path), use: pin)
        api.delete(RouterPath(path), use: unpin)
    }

    @Sendable func pin(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        try await pins.pin(try context.messageID(), in: type, url)
        return try await channels.response(for: type, url: url)
    }

    @Sendable func unpin(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        try await pins.unpin(try context.messageID(), in: type, url)
        return try await channels.response(for: type, url: url)
    }
}
