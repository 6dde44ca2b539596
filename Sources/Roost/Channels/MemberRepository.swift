/// Filters and order of `GET /v3/group_channels/{channel_url}/members`.
struct MemberListQuery: Sendable {
    enum Order: String { case memberNicknameAlphabetical = "member_nickname_alphabetical", operatorThenMemberAlphabetical = "operator_then_member_alphabetical" }
    enum OperatorFilter: String { case all, `operator`, nonoperator }
    enum StateFilter: String {
        case all, joinedOnly = "joined_only", invitedOnly = "invited_only"
        case invitedByFriend = "invited_by_friend", invitedByNonFriend = "invited_by_non_friend"
    }
    enum MutedFilter: String { case all, muted, unmuted }
    enum ActiveFilter: String { case all, activated, deactivated }

    var order = Order.memberNicknameAlphabetical
    var operatorFilter = OperatorFilter.all
    var stateFilter = StateFilter.all
    var mutedFilter = MutedFilter.all
    /// Sendbird's description of `member_active_mode_filter`: deactivated members are left
    /// out unless asked for.
    var activeFilter = ActiveFilter.activated
    var nicknamePrefix: String?
    var after: PageCursor?
    /// The time mutes are judged at (Unix ms).
    var now: Int64 = 0
}

/// Group channel memberships. Every method runs inside the caller's transaction; the
/// triggers of migration 0002 keep the channel's member counts in step.
struct MemberRepository: Sendable {
    /// `MemberRecord.unreadMessageCount(in:)` as SQL over the members table named `table`,
    /// for sums and filters.
    static func unreadMessageCount(of table: String) -> String {
        """
        (CASE WHEN \(table).state = 'joined' AND \(table).count_preference IN ('all', 'unread_message_count_only') \
        THEN (SELECT MIN(MAX(channels.counted_messages - \(table).unread_base, 0), \
            CASE WHEN channels.is_super = 1 THEN \(ChannelRules.maxSupergroupUnreadCount) ELSE \(Int64.max) END) \
            FROM channels WHERE channels.id = \(table).channel_id) \
        ELSE 0 END)
        """
    }

    private static let memberColumns = MemberRecord.Columns.qualified(by: "m")
    private static let userSummaryColumns = UserRepository.summaryColumns(of: "u")

    func add(
        channelID: Int64, userRowID: Int64, state: MemberState, inviterRowID: Int64?, at now: Int64,
        hiddenState: HiddenState = .unhidden, in db: Database
    ) throws {
        // New members are shown the messages before them, so their read receipt starts at the
        // channel's last message (the iOS guide, with past messages displayed).
        try db.executeCached(
            sql: """
                INSERT INTO members (channel_id, user_id, state, inviter_id, invited_at, joined_at, hidden_state, last_read_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, COALESCE((SELECT last_message_at FROM channels WHERE id = ?), 0))
                """,
            arguments: [
                channelID, userRowID, state.rawValue, inviterRowID, inviterRowID == nil ? 0 : now,
                state == .joined ? now : 0, hiddenState.rawValue, channelID,
            ]
        )
    }

    /// A membership read again after a write in the same transaction.
    func existing(channelID: Int64, userRowID: Int64, in db: Database) throws -> MemberRecord {
        guard let member = try find(channelID: channelID, userRowID: userRowID, in: db) else { throw APIError.notFound("Member") }
        return member
    }

    func find(channelID: Int64, userRowID: Int64, in db: Database) throws -> MemberRecord? {
        try MemberRecord.fetchOne(
            db.cachedStatement(sql: "SELECT \(MemberRecord.columns) FROM members WHERE channel_id = ? AND user_id = ?"), arguments: [channelID, userRowID]
        )
    }

    /// Keeps a member's channel list as it was before a message withheld from them: the last
    /// message they were shown and its time, unless already kept.
    func holdShownLastMessage(_ messageID: Int64?, at time: Int64, channelID: Int64, userRowID: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE members SET shown_last_message_id = ?, shown_last_message_at = ?
                WHERE channel_id = ? AND user_id = ? AND shown_last_message_at IS NULL
                """,
            arguments: [messageID, time, channelID, userRowID]
        )
    }

    /// A message reached the members not in `withheldFrom`: their lists follow the channel again.
    func releaseShownLastMessage(channelID: Int64, except withheldFrom: [Int64], in db: Database) throws {
        let list = SQL.ValueList(withheldFrom.isEmpty ? [0] : withheldFrom)
        try db.executeCached(
            sql: """
                UPDATE members SET shown_last_message_id = NULL, shown_last_message_at = NULL
                WHERE channel_id = ? AND shown_last_message_at IS NOT NULL AND user_id NOT IN (\(list.placeholders))
                """,
            arguments: [channelID] + list.arguments
        )
    }

    /// In a channel of two, whether `me` blocks the other member, and whether that member is
    /// active (NULL when there is none): scalar subqueries on SQL expressions, for a send's
    /// standing (`SenderStandingRepository`).
    static func counterpartBlocked(by me: String, in channel: String) -> String {
        counterpart("EXISTS (SELECT 1 FROM blocks b WHERE b.user_id = \(me) AND b.target_id = m.user_id)", of: me, in: channel)
    }

    static func counterpartActive(of me: String, in channel: String) -> String {
        counterpart("cu.is_active", of: me, in: channel)
    }

    /// `value`, an expression on the other member `m` and their user `cu`, as a scalar subquery.
    private static func counterpart(_ value: String, of me: String, in channel: String) -> String {
        """
        (SELECT \(value) FROM members m JOIN users cu ON cu.id = m.user_id
         WHERE m.channel_id = \(channel) AND m.user_id != \(me) ORDER BY m.user_id LIMIT 1)
        """
    }

    /// Whether `user` has joined `channel` (rather than being invited, or not a member), as a
    /// condition on SQL expressions: what `hasJoined` asks, and a send's standing.
    static func joined(_ user: String, _ channel: String) -> String {
        "EXISTS (SELECT 1 FROM members WHERE channel_id = \(channel) AND user_id = \(user) AND state = 'joined')"
    }

    private static let hasJoinedSQL = "SELECT " + joined(":user", ":channel")

    /// Whether the user has joined the channel (rather than being invited, or not a member).
    func hasJoined(channelID: Int64, userRowID: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: Self.hasJoinedSQL), arguments: ["user": userRowID, "channel": channelID]) ?? false
    }

    /// Memberships of several channels at once, keyed by channel.
    func members(ofChannels channelIDs: [Int64], in db: Database) throws -> [Int64: [MemberRecord]] {
        guard !channelIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(channelIDs)
        let members = try MemberRecord.fetchAll(
            db.cachedStatement(sql: """
                SELECT \(Self.memberColumns) FROM members m JOIN users u ON u.id = m.user_id
                WHERE m.channel_id IN (\(list.placeholders)) ORDER BY u.nickname, u.id
                """),
            arguments: list.arguments
        )
        return Dictionary(grouping: members, by: \.channelID)
    }

    /// Every member of each channel with their user's summary (without metadata), in one
    /// query: a channel view shows both, and the members' users were otherwise read again.
    func membersWithUsers(ofChannels channelIDs: [Int64], in db: Database) throws -> [Int64: [(member: MemberRecord, user: UserSummary)]] {
        guard !channelIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(channelIDs)
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT \(Self.memberColumns), \(Self.userSummaryColumns) FROM members m JOIN users u ON u.id = m.user_id
                WHERE m.channel_id IN (\(list.placeholders)) ORDER BY u.nickname, u.id
                """),
            arguments: list.arguments
        )
        var members: [Int64: [(member: MemberRecord, user: UserSummary)]] = [:]
        while let row = try rows.next() {
            let member = MemberRecord(row: row)
            let user = UserRepository.summary(in: row, from: MemberRecord.Columns.allCases.count)
            members[member.channelID, default: []].append((member, user))
        }
        return members
    }

    /// The listing user's membership in each of several channels.
    func memberships(of userRowID: Int64, inChannels channelIDs: [Int64], in db: Database) throws -> [Int64: MemberRecord] {
        guard !channelIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(channelIDs)
        let members = try MemberRecord.fetchAll(
            db.cachedStatement(sql: "SELECT \(MemberRecord.columns) FROM members WHERE user_id = ? AND channel_id IN (\(list.placeholders))"),
            arguments: [userRowID] + list.arguments
        )
        return Dictionary(members.map { ($0.channelID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// One page of a channel's members, with the sort values the cursor needs.
    func page(
        of channelID: Int64, _ query: MemberListQuery, limit: Int, in db: Database
    ) throws -> [(member: MemberRecord, nickname: String, isOperator: Bool, isMuted: Bool)] {
        // Each as 0 or 1, spelled out where the conditions use it: PostgreSQL reads no column
        // alias in a WHERE.
        let operatorFlag = "(CASE WHEN EXISTS (SELECT 1 FROM operators o WHERE o.channel_id = m.channel_id AND o.user_id = m.user_id) THEN 1 ELSE 0 END)"
        let mutedFlag = """
            (CASE WHEN EXISTS (SELECT 1 FROM mutes mu WHERE mu.channel_id = m.channel_id AND mu.user_id = m.user_id AND mu.end_at > ?)
                THEN 1 ELSE 0 END)
            """
        var conditions = Conditions()
        conditions.add("m.channel_id = ?", [channelID])
        switch query.mutedFilter {
        case .all: break
        case .muted: conditions.add("\(mutedFlag) = 1", [query.now])
        case .unmuted: conditions.add("\(mutedFlag) = 0", [query.now])
        }
        switch query.operatorFilter {
        case .all: break
        case .operator: conditions.add("\(operatorFlag) = 1")
        case .nonoperator: conditions.add("\(operatorFlag) = 0")
        }
        switch query.stateFilter {
        case .all: break
        case .joinedOnly: conditions.add("m.state = 'joined'")
        // Roost keeps no friend lists, so no invitation comes from a friend.
        case .invitedOnly, .invitedByNonFriend: conditions.add("m.state = 'invited'")
        case .invitedByFriend: conditions.add("1 = 0")
        }
        switch query.activeFilter {
        case .all: break
        case .activated: conditions.add("u.is_active = 1")
        case .deactivated: conditions.add("u.is_active = 0")
        }
        if let prefix = query.nicknamePrefix { conditions.add(db.dialect.startsWith("u.nickname"), [db.dialect.prefixArgument(prefix)]) }
        let orderBy: String
        switch query.order {
        case .memberNicknameAlphabetical:
            orderBy = "u.nickname, u.id"
            if let after = query.after {
                let nickname = try after.string(at: 0), id = try after.integer(at: 1)
                conditions.add("(u.nickname > ? OR (u.nickname = ? AND u.id > ?))", [nickname, nickname, id])
            }
        case .operatorThenMemberAlphabetical:
            orderBy = "is_operator DESC, u.nickname, u.id"
            if let after = query.after {
                let isOperator = try after.integer(at: 0), nickname = try after.string(at: 1), id = try after.integer(at: 2)
                conditions.add(
                    "(\(operatorFlag) < ? OR (\(operatorFlag) = ? AND (u.nickname > ? OR (u.nickname = ? AND u.id > ?))))",
                    [isOperator, isOperator, nickname, nickname, id]
                )
            }
        }
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT \(Self.memberColumns), u.nickname AS nickname, \(operatorFlag) AS is_operator, \(mutedFlag) AS is_muted
                FROM members m JOIN users u ON u.id = m.user_id
                \(conditions.whereClause) ORDER BY \(orderBy) LIMIT \(limit)
                """,
            arguments: [query.now] + conditions.arguments
        )
        return try Array(rows.map { (MemberRecord(row: $0), $0["nickname"], $0["is_operator"], $0["is_muted"]) })
    }

    func setJoined(channelID: Int64, userRowID: Int64, at now: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE members SET state = 'joined', joined_at = ? WHERE channel_id = ? AND user_id = ?",
            arguments: [now, channelID, userRowID]
        )
    }

    func remove(channelID: Int64, userRowID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM members WHERE channel_id = ? AND user_id = ?", arguments: [channelID, userRowID])
    }

    func removeAll(of channelID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM members WHERE channel_id = ?", arguments: [channelID])
    }

    /// Hides or shows the channel for one member, or for every member when `userRowID` is nil.
    func setHiddenState(
        _ state: HiddenState, channelID: Int64, userRowID: Int64?, messageOffset: Int64?, in db: Database
    ) throws {
        try db.executeCached(
            sql: """
                UPDATE members SET hidden_state = ?, message_offset = COALESCE(?, message_offset)
                WHERE channel_id = ? AND user_id = COALESCE(?, user_id)
                """,
            arguments: [state.rawValue, messageOffset, channelID, userRowID]
        )
    }

    /// Which of the channels have a bot among their members. Bots are few: the CROSS JOIN
    /// starts from them (SQLite keeps its order) and probes each bot's memberships, where
    /// starting from the members read every member of every channel (13 µs against 228 µs
    /// for 100 channels of the bench database, no bots).
    func channelsWithBots(among channelIDs: [Int64], in db: Database) throws -> Set<Int64> {
        guard !channelIDs.isEmpty else { return [] }
        let list = SQL.ValueList(channelIDs)
        return Set(try Int64.fetchAll(
            db.cachedStatement(sql: """
                SELECT DISTINCT m.channel_id FROM bots b CROSS JOIN members m
                WHERE m.user_id = b.user_id AND m.channel_id IN (\(list.placeholders))
                """),
            arguments: list.arguments
        ))
    }

    /// Each user's unread messages across the group channels they joined.
    func totalUnread(of userRowIDs: [Int64], in db: Database) throws -> [Int64: Int] {
        guard !userRowIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(userRowIDs)
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT user_id, SUM(\(MemberRepository.unreadMessageCount(of: "members"))) AS unread FROM members
                WHERE user_id IN (\(list.placeholders)) AND state = 'joined' GROUP BY user_id
                """),
            arguments: list.arguments
        )
        var totals: [Int64: Int] = [:]
        while let row = try rows.next() { totals[row["user_id"]] = row["unread"] }
        return totals
    }

    /// Each member's push settings as a webhook's member entry shows them: whether the user has
    /// a device token a push could reach (Sendbird's example shows a user without one as
    /// false), the channel's trigger option (`default` when the member set none), and the
    /// user's do-not-disturb. Only the members listed are read: a page of a large channel's
    /// members reads its own.
    func pushSettings(of userRowIDs: [Int64], in channelID: Int64, in db: Database) throws -> [Int64: MemberPushSettings] {
        guard !userRowIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(userRowIDs)
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT m.user_id, COALESCE(cp.push_trigger_option, 'default') AS push_trigger_option,
                       COALESCE(pp.do_not_disturb, 0) AS do_not_disturb,
                       EXISTS (SELECT 1 FROM device_tokens d WHERE d.user_id = m.user_id) AS push_enabled
                FROM members m
                LEFT JOIN channel_push_preferences cp ON cp.channel_id = m.channel_id AND cp.user_id = m.user_id
                LEFT JOIN push_preferences pp ON pp.user_id = m.user_id
                WHERE m.channel_id = ? AND m.user_id IN (\(list.placeholders))
                """),
            arguments: [channelID] + list.arguments
        )
        var settings: [Int64: MemberPushSettings] = [:]
        while let row = try rows.next() {
            settings[row["user_id"]] = MemberPushSettings(
                pushEnabled: row["push_enabled"], triggerOption: row["push_trigger_option"], doNotDisturb: row["do_not_disturb"]
            )
        }
        return settings
    }

    /// A message its sender sent silently becomes that member's own last message.
    func recordOwnLastMessage(_ messageID: Int64, channelID: Int64, userRowID: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE members SET own_last_message_id = ? WHERE channel_id = ? AND user_id = ?",
            arguments: [messageID, channelID, userRowID]
        )
    }

    /// Hides the messages before `offset` from one member, or from every member when
    /// `userRowID` is nil.
    func setMessageOffset(_ offset: Int64, channelID: Int64, userRowID: Int64?, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE members SET message_offset = ? WHERE channel_id = ? AND user_id = COALESCE(?, user_id)",
            arguments: [offset, channelID, userRowID]
        )
    }

    /// The user ids of a channel's members, sorted: the member set a distinct channel is keyed by.
    func sortedUserIDs(of channelID: Int64, in db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT u.user_id FROM members m JOIN users u ON u.id = m.user_id WHERE m.channel_id = ? ORDER BY u.user_id"),
            arguments: [channelID]
        )
    }

    func joinedChannelCount(of userRowID: Int64, in db: Database) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) FROM members WHERE user_id = ? AND state = 'joined'"), arguments: [userRowID]
        ) ?? 0
    }

    /// The group channels a user belongs to (joined or invited), optionally only those of one
    /// custom type, in id order.
    func channelIDs(of userRowID: Int64, customType: String?, in db: Database) throws -> [Int64] {
        if let customType {
            return try Int64.fetchAll(
                db.cachedStatement(sql: "SELECT m.channel_id FROM members m JOIN channels c ON c.id = m.channel_id WHERE m.user_id = ? AND c.custom_type = ? ORDER BY m.channel_id"),
                arguments: [userRowID, customType]
            )
        }
        return try Int64.fetchAll(db.cachedStatement(sql: "SELECT channel_id FROM members WHERE user_id = ? ORDER BY channel_id"), arguments: [userRowID])
    }

    // MARK: Typing

    func startTyping(channelID: Int64, userRowID: Int64, at now: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO typing (channel_id, user_id, started_at) VALUES (?, ?, ?)
                ON CONFLICT (channel_id, user_id) DO UPDATE SET started_at = excluded.started_at
                """,
            arguments: [channelID, userRowID, now]
        )
    }

    /// Who has been typing since `time` in each of several channels.
    func typingUsers(ofChannels channelIDs: [Int64], since time: Int64, in db: Database) throws -> [Int64: [Int64]] {
        guard !channelIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(channelIDs)
        return try db.groupedRowIDs(
            sql: """
                SELECT channel_id, user_id FROM typing
                WHERE channel_id IN (\(list.placeholders)) AND started_at >= ? ORDER BY started_at
                """,
            arguments: list.arguments + [time]
        )
    }

    /// When the earliest typing indicator shown in a channel (started at `time` or later) lapses.
    func typingLapse(in channelID: Int64, since time: Int64, lifetime: Int64, in db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT MIN(started_at) + ? FROM typing WHERE channel_id = ? AND started_at >= ?"),
            arguments: [lifetime, channelID, time]
        )
    }

    func stopTyping(channelID: Int64, userRowID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM typing WHERE channel_id = ? AND user_id = ?", arguments: [channelID, userRowID])
    }
}
