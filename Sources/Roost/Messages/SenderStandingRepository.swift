/// A sender and their standing in a channel, as a send's rules need them.
struct SenderStanding: Sendable {
    let sender: UserSummary
    let hasJoined: Bool
    let isMuted: Bool
    let isBanned: Bool
    let isOperator: Bool
    /// In a 1-on-1 channel, whether the sender blocks the other member and whether that member
    /// is active; nil elsewhere, or when the sender is alone.
    let counterpart: (isBlocked: Bool, isActive: Bool)?
    /// The filters the channel's messages go through (`ModerationSettingsRepository.applicable`).
    let filters: [ModerationSettings]
    /// The messages the sender sent in the channel within the last second (`FloodLimit`).
    let sentWithinSecond: Int
}

/// What a send's rules read of its senders, and their channels' filters, in one statement
/// however many sends ask (each statement is a round trip on PostgreSQL, `docs/storage.md`).
/// Each condition is the text its own repository asks alone with, so each rule's SQL is
/// written once.
struct SenderStandingRepository: Sendable {
    func standing(of userID: String, in channel: ChannelRecord, at now: Int64, in db: Database) throws -> SenderStanding? {
        try standings(of: [(userID, channel)], at: now, in: db)[0]
    }

    /// Each user's standing in the channel asked with them, in the order asked: nil for a user
    /// who does not exist.
    func standings(of asked: [(userID: String, channel: ChannelRecord)], at now: Int64, in db: Database) throws -> [SenderStanding?] {
        var rows = SQL.JSONRows()
        for (userID, channel) in asked {
            rows.append([.text(userID), .integer(channel.rowID), .text(channel.customType), .bool(channel.isOneOnOne)])
        }
        let arguments: StatementArguments = ["asked": try rows.argument(), "now": now, "application": ModerationSettingsRepository.application]
        var standings = [SenderStanding?](repeating: nil, count: asked.count)
        let found = try Row.fetchCursor(db.cachedStatement(sql: Self.sql[db.dialect]), arguments: arguments)
        while let row = try found.next() {
            let counterpartActive: Bool? = row["counterpart_active"]
            standings[row["position"]] = SenderStanding(
                sender: UserRepository.summary(in: row, from: 0), hasJoined: row["has_joined"], isMuted: row["is_muted"],
                isBanned: row["is_banned"], isOperator: row["is_operator"],
                counterpart: counterpartActive.map { (isBlocked: row["counterpart_blocked"] ?? false, isActive: $0) },
                filters: ModerationSettingsRepository.applicable(
                    application: ModerationSettingsRepository.decoded(row["application_filters"]),
                    own: ModerationSettingsRepository.decoded(row["own_filters"])
                ),
                sentWithinSecond: row["sent_within_second"]
            )
        }
        return standings
    }

    private static let sql = DialectText { dialect in
        """
        SELECT \(UserRepository.summaryColumns(of: "u")),
            \(MemberRepository.joined("u.id", "asked.channel")) AS has_joined,
            \(RestrictionRepository(kind: .mute).inForce(on: "u.id", in: "asked.channel", ofCustomType: "asked.custom_type", at: ":now")) AS is_muted,
            \(RestrictionRepository(kind: .ban).inForce(on: "u.id", in: "asked.channel", ofCustomType: "asked.custom_type", at: ":now")) AS is_banned,
            \(OperatorRepository.operates("u.id", "asked.channel")) AS is_operator,
            CASE WHEN asked.one_on_one = 1 THEN \(MemberRepository.counterpartBlocked(by: "u.id", in: "asked.channel")) END AS counterpart_blocked,
            CASE WHEN asked.one_on_one = 1 THEN \(MemberRepository.counterpartActive(of: "u.id", in: "asked.channel")) END AS counterpart_active,
            \(ModerationSettingsRepository.settings(of: ":application")) AS application_filters,
            CASE WHEN asked.custom_type <> '' THEN \(ModerationSettingsRepository.settings(of: "asked.custom_type")) END AS own_filters,
            \(FloodRepository.sentWithinSecond(by: "u.id", in: "asked.channel", at: ":now")) AS sent_within_second,
            asked.position
        FROM \(dialect.rows(ofJSON: ["user_id": .text, "channel": .integer, "custom_type": .text, "one_on_one": .integer], from: ":asked")) AS asked
        JOIN users u ON u.user_id = asked.user_id
        """
    }
}
