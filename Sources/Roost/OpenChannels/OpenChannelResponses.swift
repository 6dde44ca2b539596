import Hummingbird

struct OpenChannelList: ResponseEncodable {
    let channels: [OpenChannel]
    let next: String
}

/// A user present in an open channel.
struct Participant: JSONObject {
    let user: UserSummary

    func write(to fields: inout JSONFields) throws {
        try EmbeddedUser(user: user).write(to: &fields)
        try fields.write("is_muted", false)
    }
}

struct ParticipantList: ResponseEncodable {
    let participants: [Participant]
    let next: String
}
