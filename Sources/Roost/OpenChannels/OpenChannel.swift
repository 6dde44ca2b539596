import Hummingbird

/// An open channel as Sendbird returns it.
struct OpenChannel: Encodable, ResponseEncodable, Sendable {
    let channelURL: String
    let name: String
    let coverURL: String
    let customType: String
    let data: String
    let isEphemeral: Bool
    let isDynamicPartitioned: Bool
    let freeze: Bool
    let participantCount: Int
    /// -1: no limit beyond the server's own, as Sendbird answers for open channels.
    let maxLengthMessage = -1
    /// Unix seconds, as Sendbird gives a channel's.
    let createdAt: Int64
    let operators: [EmbeddedUser]
    /// With `show_metadata` only.
    let metadata: [String: String]?

    enum CodingKeys: String, CodingKey {
        case channelURL = "channel_url", name, coverURL = "cover_url", customType = "custom_type", data, isEphemeral = "is_ephemeral"
        case isDynamicPartitioned = "is_dynamic_partitioned", freeze, participantCount = "participant_count"
        case maxLengthMessage = "max_length_message", createdAt = "created_at", operators, metadata
    }

    init(channel: ChannelRecord, operators: [UserSummary], metadata: [String: String]?) {
        channelURL = channel.url
        name = channel.name
        coverURL = channel.coverURL
        customType = channel.customType
        data = channel.data
        isEphemeral = channel.isEphemeral
        isDynamicPartitioned = channel.isDynamicPartitioned
        freeze = channel.freeze
        participantCount = channel.participantCount
        createdAt = channel.createdAt / 1000
        self.operators = operators.map(EmbeddedUser.init)
        self.metadata = metadata
    }
}
