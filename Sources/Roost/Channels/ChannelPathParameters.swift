import Hummingbird

/// Routes Sendbird documents as `/v3/{channel_type}/{channel_url}/...` are registered once per
/// `ChannelType`, under the type's own name (`group_channels/...`, `open_channels/...`), and
/// know their type. With a `:channel_type` capture beside the literal `group_channels` routes,
/// Hummingbird's trie entered `group_channels/{channel_url}`, found no match there and went
/// back: 8% of a mark as read's CPU.
extension RoostContext {
    /// The `{channel_url}` of a channel route.
    func channelURL() throws(APIError) -> String {
        try pathParameter("channel_url")
    }

    /// The `{channel_url}` of a route that exists for group channels only; under another
    /// channel type it is an unknown path, as Sendbird answers it.
    func groupChannelURL(in type: ChannelType) throws(APIError) -> String {
        guard type == .group else { throw .routeNotFound }
        return try channelURL()
    }
}
