import Hummingbird

struct OpenChannelList: ResponseEncodable {
    let channels: [OpenChannel]
    let next: String
}

/// A user present in an open channel: one object, the user's fields, then whether they are muted.
struct Participant: Encodable, Sendable {
    let user: EmbeddedUser
    let state: State

    struct State: Encodable {
        let isMuted: Bool

        enum CodingKeys: String, CodingKey { case isMuted = "is_muted" }
    }

    init(user: UserSummary, isMuted: Bool) {
        self.user = EmbeddedUser(user: user)
        state = State(isMuted: isMuted)
    }

    func encode(to encoder: any Encoder) throws {
        try user.encode(to: encoder)
        try state.encode(to: encoder)
    }
}

struct ParticipantList: ResponseEncodable {
    let participants: [Participant]
    let next: String
}
