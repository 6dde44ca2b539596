import Hummingbird

/// An open channel as Sendbird returns it.
struct OpenChannel: ResponseEncodable, Sendable {
    var channel: ChannelRecord
    var operators: [UserSummary]
    var metadata: [String: String]?

    enum CodingKeys: String, CodingKey {
        case channelURL = "channel_url", name, coverURL = "cover_url", customType = "custom_type", data
        case isEphemeral = "is_ephemeral", isDynamicPartitioned = "is_dynamic_partitioned", freeze
        case participantCount = "participant_count", maxLengthMessage = "max_length_message"
        case createdAt = "created_at", operators, metadata
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(channel.url, forKey: .channelURL)
        try container.encode(channel.name, forKey: .name)
        try container.encode(channel.coverURL, forKey: .coverURL)
        try container.encode(channel.customType, forKey: .customType)
        try container.encode(channel.data, forKey: .data)
        try container.encode(channel.isEphemeral, forKey: .isEphemeral)
        try container.encode(false, forKey: .isDynamicPartitioned)
        try container.encode(channel.freeze, forKey: .freeze)
        try container.encode(channel.participantCount, forKey: .participantCount)
        // -1: no limit beyond the server's own, as Sendbird answers for open channels.
        try container.encode(-1, forKey: .maxLengthMessage)
        // Sendbird gives a channel's created_at in Unix seconds.
        try container.encode(channel.createdAt / 1000, forKey: .createdAt)
        try container.encode(operators.map(EmbeddedUser.init), forKey: .operators)
        try container.encodeIfPresent(metadata, forKey: .metadata)
    }
}
