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

    /// Records users joining, leaving or declining a channel: the payload `payload` makes of
    /// them (the time, then `users`).
    func recordMembershipEvent(
        _ category: EventCategory, _ channel: ChannelRecord, _ userRowIDs: [Int64], at time: Int64,
        payload: ([EventUser]) -> some Encodable, in db: Database
    ) throws {
        guard !userRowIDs.isEmpty else { return }
        let summaries = try UserRepository().summaries(ofRows: userRowIDs, in: db)
        let subjects = userRowIDs.compactMap { summaries[$0] }
        try recordChannelEvent(category, payload(subjects.map(EventUser.init)), channel, at: time, concerning: subjects.map(\.userID), in: db)
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
