/// Profanity-triggered moderation: each message the profanity filter replaces or blocks is a
/// violation by its sender in that channel. When the channel's custom type settings count
/// `count` of them within `duration` seconds, the sender is muted, kicked or banned there,
/// until an admin lifts it, and `profanity_filter:moderate` reports it. Runs inside the
/// caller's transaction.
struct ProfanityPenalties: Sendable {
    let events: EventLog
    /// Told of members a kick or a ban takes out.
    var departures: (any DepartureObserver)?
    private let settings = ModerationSettingsRepository()

    enum Action: Int {
        case none = 0, mute, kick, ban

        var name: String {
            switch self {
            case .none: "none"
            case .mute: "mute"
            case .kick: "kick"
            case .ban: "ban"
            }
        }
    }

    static let description = "Profanity-triggered moderation"

    func violation(by userRowID: Int64, in channel: ChannelRecord, at time: Int64, in db: Database) throws {
        guard let rule = try settings.applicable(to: channel, in: db).first?.profanityTriggeredModeration,
              rule.count > 0, let action = Action(rawValue: rule.action), action != .none
        else { return }
        let since = time - Int64(rule.duration) * 1000
        let count = try settings.recordViolation(by: userRowID, in: channel.rowID, at: time, countingSince: since, in: db)
        guard count >= rule.count else { return }
        try settings.clearViolations(by: userRowID, in: channel.rowID, in: db)
        let changes = ModerationChanges(events: events, departures: departures)
        switch action {
        case .none: return
        case .mute, .ban:
            let restriction = Restriction(
                channelID: channel.rowID, userRowID: userRowID, agentRowID: nil, description: Self.description,
                startAt: time, endAt: time + ModerationService.permanentMilliseconds
            )
            try changes.impose(restriction, kind: action == .mute ? .mute : .ban, in: channel, in: db)
        case .kick:
            if channel.type == .group {
                try changes.takeOut(userRowID, from: channel, reason: .removedByAdmin, at: time, in: db)
            } else if try ParticipantRepository().exit(channelID: channel.rowID, userRowID: userRowID, in: db) {
                let payload = ParticipantExited(user: try UserRepository().summary(ofRow: userRowID, in: db).map(EventUser.init), exitedAt: time)
                try events.recordChannelEvent(.openChannelExit, payload, channel, at: time, withMembers: false, in: db)
            }
        }
        let payload = Moderated(
            moderatedAt: time, moderationAction: action.name, sender: try UserRepository().summary(ofRow: userRowID, in: db).map(EventUser.init)
        )
        try events.recordChannelEvent(.profanityFilterModerate, payload, channel, at: time, withMembers: false, in: db)
    }
}

private struct Moderated: Encodable {
    let moderatedAt: Int64
    let moderationAction: String
    let sender: EventUser?

    enum CodingKeys: String, CodingKey { case moderatedAt = "moderated_at", moderationAction = "moderation_action", sender }
}
