import GRDB

extension EventLog {
    /// Records an event that happened in a channel: the payload given, then the channel's
    /// summary, its `members` when the settings include them, and `sdk: "API"` (every change
    /// Roost records comes through the Platform API).
    func recordChannelEvent(
        _ category: EventCategory, _ payload: EventFields, _ channel: ChannelRecord, at time: Int64,
        concerning userIDs: [String] = [], withMembers: Bool = true, in db: Database
    ) throws {
        var payload = payload
        payload.add("channel", EventChannel(channel: channel))
        if withMembers { payload.add("members", try EventMembers().entries(of: channel, options: options.values, in: db)) }
        payload.add("sdk", "API")
        try record(category, payload, at: time, channelURL: channel.url, concerning: userIDs, in: db)
    }
}
