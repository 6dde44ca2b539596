import Hummingbird

struct OpenChannelList: ResponseEncodable {
    let channels: [OpenChannel]
    let next: String
}

/// A user present in an open channel.
struct Participant: JSONObject, Sendable {
    let user: UserSummary
    let isMuted: Bool

    func write(to fields: inout JSONFields) throws {
        try EmbeddedUser(user: user).write(to: &fields)
        try fields.write("is_muted", isMuted)
    }
}

struct ParticipantList: ResponseEncodable {
    let participants: [Participant]
    let next: String
}
