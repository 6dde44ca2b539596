extension EventLog {
    /// Records an event that happened in a channel: the payload given, then the channel's
    /// summary, its `members` when the settings include them, and `sdk: "API"` (every change
    /// Roost records comes through the Platform API).
    func recordChannelEvent(
        _ category: EventCategory, _ payload: EventFields, _ channel: ChannelRecord, at time: Int64,
        concerning userIDs: [String] = [], withMembers: Bool = true, audience: EventAudience = EventAudience(), in db: Database
    ) throws {
        try append([
            channelEvent(category, payload, channel, at: time, concerning: userIDs, withMembers: withMembers, audience: audience, in: db),
        ], in: db)
    }

    /// The event `recordChannelEvent` appends, to append with others. Its members, when the
    /// options want them, are read now.
    func channelEvent(
        _ category: EventCategory, _ payload: EventFields, _ channel: ChannelRecord, at time: Int64,
        concerning userIDs: [String] = [], withMembers: Bool = true, audience: EventAudience = EventAudience(), in db: Database
    ) throws -> NewEvent {
        var payload = payload
        payload.add("channel", EventChannel(channel: channel))
        if withMembers { payload.add("members", try EventMembers().entries(of: channel, options: options.values, in: db)) }
        payload.add("sdk", "API")
        return try event(category, payload, at: time, channelURL: channel.url, concerning: userIDs, audience: audience)
    }

    /// Records one of Roost's own stream events in a channel: the payload given, then the
    /// channel's summary. `user` is the member it is about, when there is one.
    func recordStreamEvent(
        _ category: EventCategory, _ payload: EventFields, _ channel: ChannelRecord, user: UserSummary? = nil, at time: Int64,
        audience: EventAudience = EventAudience(), in db: Database
    ) throws {
        precondition(!category.isWebhook, "a stream event has a category of Roost's own")
        var payload = payload
        if let user { payload.add("user", EventUser(user: user)) }
        payload.add("channel", EventChannel(channel: channel))
        try record(category, payload, at: time, channelURL: channel.url, concerning: user.map { [$0.userID] } ?? [], audience: audience, in: db)
    }

    /// Records users joining, leaving or declining a channel: `users`, and the time under
    /// `timeKey` (`joined_at`, `left_at`, `declined_at`).
    func recordMembershipEvent(
        _ category: EventCategory, _ timeKey: String, _ channel: ChannelRecord, _ userRowIDs: [Int64], at time: Int64,
        in db: Database
    ) throws {
        guard !userRowIDs.isEmpty else { return }
        let summaries = try UserRepository().summaries(ofRows: userRowIDs, in: db)
        let subjects = userRowIDs.compactMap { summaries[$0] }
        var payload = EventFields()
        payload.add(timeKey, time)
        payload.add("users", subjects.map(EventUser.init))
        try recordChannelEvent(category, payload, channel, at: time, concerning: subjects.map(\.userID), in: db)
    }
}
