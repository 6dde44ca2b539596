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
}

/// What a send's rules read of its sender, and the channel's filters, in one statement rather
/// than one a question (each is a round trip on PostgreSQL, `docs/storage.md`). Each condition
/// is the text its own repository asks alone with, so each rule's SQL is written once.
struct SenderStandingRepository: Sendable {
    func standing(of userID: String, in channel: ChannelRecord, at now: Int64, in db: Database) throws -> SenderStanding? {
        let arguments: StatementArguments = [
            "user_id": userID, "channel": channel.rowID, "custom_type": channel.customType, "now": now,
            "one_on_one": channel.isOneOnOne ? 1 : 0, "application": ModerationSettingsRepository.application,
        ]
        guard let row = try Row.fetchOne(db.cachedStatement(sql: Self.sql), arguments: arguments) else { return nil }
        let counterpartActive: Bool? = row["counterpart_active"]
        return SenderStanding(
            sender: UserRepository.summary(in: row, from: 0), hasJoined: row["has_joined"], isMuted: row["is_muted"],
            isBanned: row["is_banned"], isOperator: row["is_operator"],
            counterpart: counterpartActive.map { (isBlocked: row["counterpart_blocked"] ?? false, isActive: $0) },
            filters: ModerationSettingsRepository.applicable(
                application: ModerationSettingsRepository.decoded(row["application_filters"]),
                own: ModerationSettingsRepository.decoded(row["own_filters"])
            )
        )
    }

    private static let sql = """
        SELECT \(UserRepository.summaryColumns(of: "u")),
            \(MemberRepository.joined("u.id", ":channel")) AS has_joined,
            \(RestrictionRepository(kind: .mute).inForce(on: "u.id", in: ":channel", ofCustomType: ":custom_type", at: ":now")) AS is_muted,
            \(RestrictionRepository(kind: .ban).inForce(on: "u.id", in: ":channel", ofCustomType: ":custom_type", at: ":now")) AS is_banned,
            \(OperatorRepository.operates("u.id", ":channel")) AS is_operator,
            CASE WHEN :one_on_one = 1 THEN \(MemberRepository.counterpartBlocked(by: "u.id", in: ":channel")) END AS counterpart_blocked,
            CASE WHEN :one_on_one = 1 THEN \(MemberRepository.counterpartActive(of: "u.id", in: ":channel")) END AS counterpart_active,
            \(ModerationSettingsRepository.settings(of: ":application")) AS application_filters,
            CASE WHEN :custom_type <> '' THEN \(ModerationSettingsRepository.settings(of: ":custom_type")) END AS own_filters
        FROM users u WHERE u.user_id = :user_id
        """
}
