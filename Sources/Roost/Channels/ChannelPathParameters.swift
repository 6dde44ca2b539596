import Hummingbird

extension RoostContext {
    /// The `{channel_type}` and `{channel_url}` of a path; an unknown channel type is an unknown path.
    func channel() throws(APIError) -> (ChannelType, String) {
        guard let type = ChannelType(rawValue: try pathParameter("channel_type")) else { throw .routeNotFound }
        return (type, try pathParameter("channel_url"))
    }

    /// The `{channel_url}` of a route that exists for group channels only.
    func groupChannel() throws(APIError) -> String {
        let (type, url) = try channel()
        guard type == .group else { throw .routeNotFound }
        return url
    }
}

