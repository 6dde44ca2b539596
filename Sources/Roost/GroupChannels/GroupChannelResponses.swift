import Hummingbird

struct ChannelList: ResponseEncodable, JSONObject {
    let channels: [GroupChannel]
    let next: String

    func write(to fields: inout JSONFields) throws {
        try fields.write("channels", channels)
        fields.write("next", next)
    }
}

struct MemberList: ResponseEncodable {
    let members: [ChannelMember]
    let next: String
}

struct MembershipStatusBody: ResponseEncodable {
    let isMember: Bool
    let state: String

    enum CodingKeys: String, CodingKey { case isMember = "is_member", state }
}

struct MessageOffset: ResponseEncodable {
    let tsMessageOffset: Int64

    enum CodingKeys: String, CodingKey { case tsMessageOffset = "ts_message_offset" }
}

struct GroupChannelCount: ResponseEncodable {
    let groupChannelCount: Int

    enum CodingKeys: String, CodingKey { case groupChannelCount = "group_channel_count" }
}
