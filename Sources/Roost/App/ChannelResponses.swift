import Hummingbird

/// Answers a channel of either kind as its own `GET` route does, for the routes of other
/// areas that answer with a channel.
struct ChannelResponses: ChannelPresenter {
    let group: GroupChannelService
    let open: OpenChannelService

    func response(for type: ChannelType, url: String) async throws -> Response {
        switch type {
        case .group: try jsonResponse(try await group.channel(url, options: ChannelViewOptions()))
        case .open: try jsonResponse(try await open.channel(url))
        }
    }
}
