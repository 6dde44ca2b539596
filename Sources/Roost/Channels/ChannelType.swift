/// The two kinds of channel, named as they appear in paths: `/v3/{channel_type}/...`.
enum ChannelType: String, Sendable, CaseIterable {
    case group = "group_channels"
    case open = "open_channels"

    /// The kind as a channel's or message's `channel_type` field spells it.
    var jsonValue: String {
        switch self {
        case .group: "group"
        case .open: "open"
        }
    }
}
