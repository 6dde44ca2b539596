/// Read and delivery state and unread counts of group channel members, kept up to date as
/// messages arrive. Every method runs inside the caller's transaction.
struct ReadStateRepository: Sendable {
    /// Counts a new message as unread for every joined member but its sender, and as an
    /// unread mention for those it mentions, each as their count preference allows.
    /// Members in `excluding` never receive the message (they block its sender).
    ///
    /// The channel has counted the message already (`ChannelRepository.recordLastMessage`,
    /// migration 0030); the bases of the members whose count must not rise rise with it: those
    /// in `excluding`, and the sender unless `senderReadsIt` (a read that follows sets their
    /// base anyway).
    func countNewMessage(
        in channelID: Int64, sentBy senderRowID: Int64?, senderReadsIt: Bool, mentioning mentioned: [Int64], mentionsEveryone: Bool,
        excluding: [Int64], in db: Database
    ) throws {
        let unchanged = excluding + (senderReadsIt ? [] : senderRowID.map { [$0] } ?? [])
        if !unchanged.isEmpty {
            // Lists are SQL.ValueLists, so each statement keeps a few texts and stays prepared.
            let list = SQL.ValueList(unchanged)
            try db.executeCached(
                sql: "UPDATE members SET unread_base = unread_base + 1 WHERE channel_id = ? AND user_id IN (\(list.placeholders))",
                arguments: [channelID] + list.arguments
            )
        }
        guard mentionsEveryone || !mentioned.isEmpty else { return }
        var exclusion = ""
        var excluded = StatementArguments()
        if !excluding.isEmpty {
            let list = SQL.ValueList(excluding)
            exclusion = " AND user_id NOT IN (\(list.placeholders))"
            excluded = list.arguments
        }
        var sql = """
            UPDATE members SET unread_mention_count = unread_mention_count + 1
            WHERE channel_id = ? AND user_id IS DISTINCT FROM ? AND state = 'joined'
                AND count_preference IN ('all', 'unread_mention_count_only')
            """
        var arguments: StatementArguments = [channelID, senderRowID]
        if !mentionsEveryone {
            let list = SQL.ValueList(mentioned)
            sql += " AND user_id IN (\(list.placeholders))"
            arguments += list.arguments
        }
        try db.executeCached(sql: sql + exclusion, arguments: arguments + excluded)
    }

    /// A member has read everything up to `time`: their unread counts drop to what came after.
    /// Answers the member's unread message count now (nil when they are not a member).
    @discardableResult
    func markRead(channelID: Int64, userRowID: Int64, upTo time: Int64, in db: Database) throws -> Int? {
        try Int.fetchOne(
            db.cachedStatement(sql: Self.markMemberRead),
            arguments: ["channel": channelID, "user": userRowID, "time": time]
        )
    }

    /// One member, or every member when `userRowID` is nil, has read everything up to `time`:
    /// one statement, however many members.
    func markRead(channelID: Int64, member userRowID: Int64?, upTo time: Int64, in db: Database) throws {
        guard let userRowID else {
            return try db.executeCached(sql: Self.markEveryoneRead, arguments: ["channel": channelID, "time": time])
        }
        try markRead(channelID: channelID, userRowID: userRowID, upTo: time, in: db)
    }

    /// Built once: marking read is among the most frequent writes.
    private static let markMemberRead = markRead(where: "channel_id = :channel AND user_id = :user")
        + "\nRETURNING \(MemberRepository.unreadMessageCount(of: "members"))"
    private static let markEveryoneRead = markRead(where: "channel_id = :channel")

    /// Marks read up to `:time` the members `condition` picks, recounting each one's unread
    /// messages and mentions after it; `also` sets more of their columns.
    private static func markRead(where condition: String, also: String = "") -> String {
        """
        UPDATE members SET \(also)
            last_read_at = MAX(last_read_at, :time),
            delivered_at = MAX(delivered_at, :time),
            unread_base = (SELECT counted_messages FROM channels WHERE id = :channel) - (
                SELECT COUNT(*) FROM messages m WHERE m.channel_id = :channel AND m.created_at > MAX(members.last_read_at, :time)
                    AND m.created_at > members.message_offset AND m.is_removed = 0 AND m.is_silent = 0
                    AND m.parent_message_id IS NULL AND m.sender_id IS DISTINCT FROM members.user_id
                    AND NOT EXISTS (SELECT 1 FROM undelivered_messages u WHERE u.user_id = members.user_id AND u.message_id = m.id)),
            unread_mention_count = (
                SELECT COUNT(*) FROM messages m WHERE m.channel_id = :channel AND m.created_at > MAX(members.last_read_at, :time)
                    AND m.created_at > members.message_offset AND m.is_removed = 0 AND m.is_silent = 0
                    AND m.parent_message_id IS NULL AND m.sender_id IS DISTINCT FROM members.user_id
                    AND members.count_preference IN ('all', 'unread_mention_count_only')
                    AND NOT EXISTS (SELECT 1 FROM undelivered_messages u WHERE u.user_id = members.user_id AND u.message_id = m.id)
                    AND (m.mention_type = 'channel'
                         OR EXISTS (SELECT 1 FROM message_mentions mm WHERE mm.message_id = m.id AND mm.user_id = members.user_id AND mm.notified = 1)))
        WHERE \(condition)
        """
    }

    /// A sender's read up to their own message, in the send's one statement on their
    /// membership, with their seeing the channel again (`unhideForSender`). `toNewest` when no
    /// message of the channel is newer: then nothing is left to count.
    func markReadBySender(channelID: Int64, userRowID: Int64, at time: Int64, toNewest: Bool, in db: Database) throws {
        guard !toNewest else {
            return try markReadBySenders([SenderRead(channelID: channelID, userRowID: userRowID, time: time, countedAfter: 0)], in: db)
        }
        try db.executeCached(sql: Self.markSenderRead, arguments: ["time": time, "channel": channelID, "user": userRowID])
    }

    private static let markSenderRead = markRead(where: "channel_id = :channel AND user_id = :user", also: "\(unhidden),")

    /// A sender's read of their own message, sent with others at once, where no message of
    /// the channel was newer: `countedAfter` messages of the others came after it and count as
    /// unread for them.
    struct SenderRead {
        let channelID: Int64
        let userRowID: Int64
        let time: Int64
        let countedAfter: Int
    }

    /// Several senders' reads (`markReadBySender`), each sender once a channel, in one statement.
    func markReadBySenders(_ reads: [SenderRead], in db: Database) throws {
        var rows = SQL.JSONRows()
        for read in reads {
            rows.append([.integer(read.channelID), .integer(read.userRowID), .integer(read.time), .integer(Int64(read.countedAfter))])
        }
        try db.executeCached(sql: Self.markSendersRead[db.dialect], arguments: ["rows": try rows.argument()])
    }

    private static let markSendersRead = DialectText { dialect in
        """
        UPDATE members SET \(unhidden), last_read_at = MAX(last_read_at, new.time), delivered_at = MAX(delivered_at, new.time),
            unread_base = (SELECT counted_messages FROM channels WHERE id = new.channel) - new.counted_after, unread_mention_count = 0
        FROM \(dialect.rows(ofJSON: ["channel": .integer, "user_id": .integer, "time": .integer, "counted_after": .integer], from: ":rows")) AS new
        WHERE members.channel_id = new.channel AND members.user_id = new.user_id
        """
    }

    func markDelivered(channelID: Int64, userRowID: Int64, upTo time: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE members SET delivered_at = MAX(delivered_at, ?) WHERE channel_id = ? AND user_id = ?",
            arguments: [time, channelID, userRowID]
        )
    }

    /// Members who hid the channel but allow it to come back see it again on a new message,
    /// except those it is withheld from.
    func unhideOnNewMessage(in channelID: Int64, except withheldFrom: [Int64], in db: Database) throws {
        let list = SQL.ValueList(withheldFrom.isEmpty ? [0] : withheldFrom)
        try db.executeCached(
            sql: "\(Self.unhideOnNewMessage(db.dialect)) channel_id = ? AND user_id NOT IN (\(list.placeholders))",
            arguments: [channelID] + list.arguments
        )
    }

    /// `unhideOnNewMessage` for new messages in several channels, withheld from no one.
    func unhideOnNewMessages(in channelIDs: [Int64], in db: Database) throws {
        let list = SQL.ValueList(channelIDs)
        try db.executeCached(sql: "\(Self.unhideOnNewMessage(db.dialect)) channel_id IN (\(list.placeholders))", arguments: list.arguments)
    }

    /// The statement of `unhideOnNewMessage` up to its choice of channels and members.
    private static func unhideOnNewMessage(_ dialect: Dialect) -> String {
        """
        UPDATE members \(dialect.indexedBy("members_to_unhide")) SET hidden_state = 'unhidden'
        WHERE hidden_state = 'hidden_allow_auto_unhide' AND
        """
    }

    /// A member who sends to a channel they hid sees it again, even one they hid with
    /// `allow_auto_unhide` false (Sendbird's "hide a channel" page). A sender who reads their
    /// own message does it in the same statement (`markReadBySender`).
    func unhideForSender(_ userRowID: Int64, in channelID: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE members SET \(Self.unhidden) WHERE channel_id = ? AND user_id = ? AND hidden_state != 'unhidden'",
            arguments: [channelID, userRowID]
        )
    }

    /// What a send sets on its sender's membership (`unhideForSender`).
    private static let unhidden = "hidden_state = 'unhidden'"

    /// A member's new count preference. A count of messages starts again from zero when
    /// messages stop counting or start counting again (it counted none in between).
    func setCountPreference(_ preference: CountPreference, channelID: Int64, userRowID: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE members SET count_preference = :preference,
                    unread_base = CASE
                        WHEN count_preference IN ('all', 'unread_message_count_only') AND :counts = 1 THEN unread_base
                        ELSE (SELECT counted_messages FROM channels WHERE id = :channel) END
                WHERE channel_id = :channel AND user_id = :user
                """,
            arguments: ["preference": preference.rawValue, "counts": preference.countsMessages, "channel": channelID, "user": userRowID]
        )
        if preference == .off || preference == .unreadMessageCountOnly {
            try db.executeCached(
                sql: "UPDATE members SET unread_mention_count = 0 WHERE channel_id = ? AND user_id = ?",
                arguments: [channelID, userRowID]
            )
        }
    }

    /// A user's unread totals across their group channels, optionally only those of some
    /// custom types or of one super mode.
    func unreadTotals(of userRowID: Int64, customTypes: [String]?, superMode: ChannelFilter.SuperMode, in db: Database) throws -> UnreadTotals {
        var conditions = Conditions()
        conditions.add("m.user_id = ?", [userRowID])
        if let customTypes { conditions.add("c.custom_type IN (\(SQL.placeholders(customTypes.count)))", customTypes) }
        switch superMode {
        case .all: break
        case .super: conditions.add("c.is_super = 1")
        case .nonsuper: conditions.add("c.is_super = 0")
        }
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT
                    COALESCE(SUM(\(MemberRepository.unreadMessageCount(of: "m"))), 0) AS messages,
                    COALESCE(SUM(CASE WHEN m.state = 'joined' THEN m.unread_mention_count END), 0) AS mentions,
                    COUNT(CASE WHEN m.state = 'invited' THEN 1 END) AS invitations,
                    COUNT(CASE WHEN \(MemberRepository.unreadMessageCount(of: "m")) > 0 THEN 1 END) AS channels
                FROM members m JOIN channels c ON c.id = m.channel_id \(conditions.whereClause)
                """,
            arguments: conditions.arguments
        )
        return UnreadTotals(
            messages: row?["messages"] ?? 0, mentions: row?["mentions"] ?? 0,
            invitations: row?["invitations"] ?? 0, channelsWithUnread: row?["channels"] ?? 0
        )
    }
}

/// Unread totals of one user across their joined group channels.
struct UnreadTotals: Sendable {
    var messages = 0
    var mentions = 0
    var invitations = 0
    var channelsWithUnread = 0
}
