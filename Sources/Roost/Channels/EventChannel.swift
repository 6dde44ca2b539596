/// A channel as event payloads show it: the summary Sendbird's webhooks carry under
/// `channel`, the same fields for both kinds of channel.
struct EventChannel: Encodable, Sendable {
    let name: String
    let channelURL: String
    let coverURL: String
    let customType: String
    let isDistinct: Bool
    let isPublic: Bool
    let isSuper: Bool
    let isEphemeral: Bool
    let isDiscoverable: Bool
    let data: String

    enum CodingKeys: String, CodingKey {
        case name, channelURL = "channel_url", coverURL = "cover_url", customType = "custom_type", isDistinct = "is_distinct"
        case isPublic = "is_public", isSuper = "is_super", isEphemeral = "is_ephemeral", isDiscoverable = "is_discoverable", data
    }

    init(channel: ChannelRecord) {
        name = channel.name
        channelURL = channel.url
        coverURL = channel.coverURL
        customType = channel.customType
        isDistinct = channel.isDistinct
        isPublic = channel.isPublic
        isSuper = channel.isSuper
        isEphemeral = channel.isEphemeral
        isDiscoverable = channel.isDiscoverable
        data = channel.data
    }
}

extension EventCategory {
    /// The category of a message event in either kind of channel.
    static func message(_ action: MessageEventAction, in type: ChannelType) -> EventCategory {
        switch (action, type) {
        case (.send, .group): .groupChannelMessageSend
        case (.update, .group): .groupChannelMessageUpdate
        case (.delete, .group): .groupChannelMessageDelete
        case (.send, .open): .openChannelMessageSend
        case (.update, .open): .openChannelMessageUpdate
        case (.delete, .open): .openChannelMessageDelete
        }
    }

    /// The category of a report of either kind of channel.
    static func channelReport(_ type: ChannelType) -> EventCategory {
        type == .group ? .groupChannelReport : .openChannelReport
    }
}

enum MessageEventAction: Sendable {
    case send, update, delete
}
