/// The essentials of a channel, as lists of restrictions and reports show it.
struct ChannelSnapshot: Codable, Sendable {
    let channel_url: String
    let channel_type: String
    let name: String
    let custom_type: String
    let cover_url: String
    let data: String
    let created_at: Int64
    let member_count: Int
    let max_length_message: Int

    init(_ channel: ChannelRecord) {
        channel_url = channel.url
        channel_type = channel.type.jsonValue
        name = channel.name
        custom_type = channel.customType
        cover_url = channel.coverURL
        data = channel.data
        created_at = channel.createdAt / 1000
        member_count = channel.type == .group ? channel.memberCount : channel.participantCount
        max_length_message = channel.type == .group ? ChannelRules.maxLengthMessage : -1
    }
}
