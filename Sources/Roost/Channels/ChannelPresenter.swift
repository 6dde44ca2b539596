import Hummingbird

/// Answers a channel whole, as `GET /v3/{channel_type}/{channel_url}` does. Routes of the
/// areas below the two kinds of channel that answer with a channel (muting a user does)
/// are handed one by the composition root, which knows both kinds.
protocol ChannelPresenter: Sendable {
    func response(for type: ChannelType, url: String) async throws -> Response
}
