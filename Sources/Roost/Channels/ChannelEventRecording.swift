extension EventLog {
    /// Records an event that happened in a channel: the payload given, then the channel's
    /// summary, its `members` when the settings include them, and `sdk: "API"` (every change
    /// Roost records comes through the Platform API).
    func recordChannelEvent(
        _ category: EventCategory, _ payload: some Encodable, _ channel: ChannelRecord, at time: Int64,
        concerning userIDs: [String] = [], withMembers: Bool = true, audience: EventAudience = EventAudience(), in db: Database
    ) throws {
        try append([
            channelEvent(category, payload, channel, at: time, concerning: userIDs, withMembers: withMembers, audience: audience, in: db),
        ], in: db)
    }

    /// The event `recordChannelEvent` appends, to append with others. Its members, when the
    /// options want them, are read now.
    func channelEvent(
        _ category: EventCategory, _ payload: some Encodable, _ channel: ChannelRecord, at time: Int64,
        concerning userIDs: [String] = [], withMembers: Bool = true, audience: EventAudience = EventAudience(), in db: Database
    ) throws -> NewEvent {
        let about = ChannelEventTail(
            channel: EventChannel(channel: channel),
            members: withMembers ? try EventMembers().entries(of: channel, options: options.values, in: db) : nil
        )
        return try event(category, payload, more: about, at: time, channelURL: channel.url, concerning: userIDs, audience: audience)
    }

    /// Records one of Roost's own stream events in a channel: the payload given, then the
    /// channel's summary. `user` is the member it is about, when there is one.
    func recordStreamEvent(
        _ category: EventCategory, _ payload: some Encodable, _ channel: ChannelRecord, user: UserSummary? = nil, at time: Int64,
        audience: EventAudience = EventAudience(), in db: Database
    ) throws {
        precondition(!category.isWebhook, "a stream event has a category of Roost's own")
        let about = StreamEventTail(user: user.map(EventUser.init), channel: EventChannel(channel: channel))
        try append([
            event(category, payload, more: about, at: time, channelURL: channel.url, concerning: user.map { [$0.userID] } ?? [], audience: audience),
        ], in: db)
    }

    /// Records users joining, leaving or declining a channel: the time under `joined_at`,
    /// `left_at` or `declined_at`, then `users`.
    func recordMembershipEvent(
        _ change: MembershipChange, _ channel: ChannelRecord, _ userRowIDs: [Int64], at time: Int64, in db: Database
    ) throws {
        guard !userRowIDs.isEmpty else { return }
        let summaries = try UserRepository().summaries(ofRows: userRowIDs, in: db)
        let subjects = userRowIDs.compactMap { summaries[$0] }
        let payload = MembershipChanged(
            joinedAt: change == .joined ? time : nil, leftAt: change == .left ? time : nil,
            declinedAt: change == .declined ? time : nil, users: subjects.map(EventUser.init)
        )
        try recordChannelEvent(change.category, payload, channel, at: time, concerning: subjects.map(\.userID), in: db)
    }
}

/// What a channel event carries after its own fields.
private struct ChannelEventTail: Encodable {
    let channel: EventChannel
    let members: [EventMembers.Entry]?
    let sdk = "API"
}

/// What a stream event of Roost's own carries after its own fields.
private struct StreamEventTail: Encodable {
    let user: EventUser?
    let channel: EventChannel
}

/// How users' membership of a group channel changed, as its event reports it.
enum MembershipChange {
    case joined, left, declined

    var category: EventCategory {
        switch self {
        case .joined: .groupChannelJoin
        case .left: .groupChannelLeave
        case .declined: .groupChannelDeclineInvite
        }
    }
}

/// Users who joined, left or declined, with when.
private struct MembershipChanged: Encodable {
    let joinedAt: Int64?
    let leftAt: Int64?
    let declinedAt: Int64?
    let users: [EventUser]

    enum CodingKeys: String, CodingKey { case joinedAt = "joined_at", leftAt = "left_at", declinedAt = "declined_at", users }
}
