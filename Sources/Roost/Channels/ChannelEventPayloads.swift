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
