/// A channel as event payloads show it: the summary Sendbird's webhooks carry under
/// `channel`, the same fields for both kinds of channel.
struct EventChannel: JSONObject, Sendable {
    let channel: ChannelRecord

    func write(to fields: inout JSONFields) throws {
        try fields.write("name", channel.name)
        try fields.write("channel_url", channel.url)
        try fields.write("cover_url", channel.coverURL)
        try fields.write("custom_type", channel.customType)
        try fields.write("is_distinct", channel.isDistinct)
        try fields.write("is_public", channel.isPublic)
        try fields.write("is_super", channel.isSuper)
        try fields.write("is_ephemeral", channel.isEphemeral)
        try fields.write("is_discoverable", channel.isDiscoverable)
        try fields.write("data", channel.data)
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
