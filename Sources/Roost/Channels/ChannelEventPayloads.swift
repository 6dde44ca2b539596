// Payloads of channel events that more than one service records.

/// A channel's name, cover, custom type, data or access code changed: each change's old and
/// new value.
struct ChannelChanged: Encodable {
    let changedAt: Int64
    let changes: [ChannelChange]

    enum CodingKeys: String, CodingKey { case changedAt = "changed_at", changes }
}

/// A channel frozen or unfrozen.
struct ChannelFrozen: Encodable {
    let freeze: Bool
    let changedAt: Int64

    enum CodingKeys: String, CodingKey { case freeze, changedAt = "changed_at" }
}

/// A user entered an open channel.
struct ParticipantEntered: Encodable {
    let user: EventUser?
    let enteredAt: Int64

    enum CodingKeys: String, CodingKey { case user, enteredAt = "entered_at" }
}

/// A user left an open channel.
struct ParticipantExited: Encodable {
    let user: EventUser?
    let exitedAt: Int64

    enum CodingKeys: String, CodingKey { case user, exitedAt = "exited_at" }
}

/// Users who joined, with when.
struct UsersJoined: Encodable {
    let joinedAt: Int64
    let users: [EventUser]

    enum CodingKeys: String, CodingKey { case joinedAt = "joined_at", users }
}

/// Users who left, with when.
struct UsersLeft: Encodable {
    let leftAt: Int64
    let users: [EventUser]

    enum CodingKeys: String, CodingKey { case leftAt = "left_at", users }
}

/// Users who declined an invitation, with when.
struct UsersDeclined: Encodable {
    let declinedAt: Int64
    let users: [EventUser]

    enum CodingKeys: String, CodingKey { case declinedAt = "declined_at", users }
}
