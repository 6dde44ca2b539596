/// The essentials of a channel, as lists of restrictions and reports show it.
struct ChannelSnapshot: Encodable, Sendable {
    let channelURL: String
    let channelType: String
    let name: String
    let customType: String
    let coverURL: String
    let data: String
    /// Unix seconds.
    let createdAt: Int64
    let memberCount: Int
    let maxLengthMessage: Int

    enum CodingKeys: String, CodingKey {
        case channelURL = "channel_url", channelType = "channel_type", name, customType = "custom_type", coverURL = "cover_url", data
        case createdAt = "created_at", memberCount = "member_count", maxLengthMessage = "max_length_message"
    }

    init(_ channel: ChannelRecord) {
        channelURL = channel.url
        channelType = channel.type.jsonValue
        name = channel.name
        customType = channel.customType
        coverURL = channel.coverURL
        data = channel.data
        createdAt = channel.createdAt / 1000
        memberCount = channel.type == .group ? channel.memberCount : channel.participantCount
        maxLengthMessage = channel.type == .group ? ChannelRules.maxLengthMessage : -1
    }
}
