import Hummingbird

/// An open channel as Sendbird returns it.
struct OpenChannel: JSONObject, ResponseEncodable, Sendable {
    var channel: ChannelRecord
    var operators: [UserSummary]
    var metadata: [String: String]?

    func write(to fields: inout JSONFields) throws {
        try fields.write("channel_url", channel.url)
        try fields.write("name", channel.name)
        try fields.write("cover_url", channel.coverURL)
        try fields.write("custom_type", channel.customType)
        try fields.write("data", channel.data)
        try fields.write("is_ephemeral", channel.isEphemeral)
        try fields.write("is_dynamic_partitioned", false)
        try fields.write("freeze", channel.freeze)
        try fields.write("participant_count", channel.participantCount)
        // -1: no limit beyond the server's own, as Sendbird answers for open channels.
        try fields.write("max_length_message", -1)
        // Sendbird gives a channel's created_at in Unix seconds.
        try fields.write("created_at", channel.createdAt / 1000)
        try fields.write("operators", operators.map(EmbeddedUser.init))
        try fields.writeIfPresent("metadata", metadata)
    }
}
