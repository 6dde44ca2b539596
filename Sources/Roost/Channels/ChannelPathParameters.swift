import Hummingbird

/// Routes Sendbird documents as `/v3/{channel_type}/{channel_url}/...` are registered once per
/// `ChannelType`, under the type's own name (`group_channels/...`, `open_channels/...`), and
/// know their type. With a `:channel_type` capture beside the literal `group_channels` routes,
/// Hummingbird's trie entered `group_channels/{channel_url}`, found no match there and went
/// back: 8% of a mark as read's CPU.
extension RoostContext {
    /// The kind of channel the route was registered for: its pattern names the kind
    /// (`/v3/group_channels/{channel_url}/messages`), so one named handler serves both.
    /// Read as bytes: splitting the pattern into strings cost 1.6% of a mark as read.
    func channelType() throws(APIError) -> ChannelType {
        guard let path = endpointPath else { throw .routeNotFound }
        var rest = path.utf8[...]
        while let slash = rest.firstIndex(of: UInt8(ascii: "/")) {
            rest = rest[rest.index(after: slash)...]
            for (type, name) in Self.channelTypeNames where rest.starts(with: name) { return type }
        }
        throw .routeNotFound
    }

    /// Each kind's segment as a route pattern spells it, with the slash after it.
    private static let channelTypeNames = ChannelType.allCases.map { ($0, Array("\($0.rawValue)/".utf8)) }

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
