/// The essentials of a channel, as lists of restrictions and reports show it.
struct ChannelSnapshot: JSONObject, Sendable {
    let channel: ChannelRecord

    init(_ channel: ChannelRecord) {
        self.channel = channel
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("channel_url", channel.url)
        try fields.write("channel_type", channel.type.jsonValue)
        try fields.write("name", channel.name)
        try fields.write("custom_type", channel.customType)
        try fields.write("cover_url", channel.coverURL)
        try fields.write("data", channel.data)
        try fields.write("created_at", channel.createdAt / 1000)
        try fields.write("member_count", channel.type == .group ? channel.memberCount : channel.participantCount)
        try fields.write("max_length_message", channel.type == .group ? ChannelRules.maxLengthMessage : -1)
    }
}
