/// The announcements and announcement_targets tables, and the channel look-ups targeting
/// needs. Every method runs inside the caller's transaction.
struct AnnouncementRepository: Sendable {
    private static let columns = AnnouncementRecord.Columns.qualified(by: "announcements")

    func insert(_ record: AnnouncementRecord, in db: Database) throws -> Int64 {
        try db.insert(
            sql: """
                INSERT INTO announcements (unique_id, announcement_group, message, settings, status, scheduled_at, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                record.uniqueID, record.group, JSONColumn.encode(record.message), JSONColumn.encode(record.settings),
                record.status.rawValue, record.scheduledAt, record.createdAt,
            ]
        )
    }

    func save(_ record: AnnouncementRecord, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE announcements SET announcement_group = ?, message = ?, settings = ?, status = ?, scheduled_at = ?,
                    completed_at = ?, target_user_count = ?, target_channel_count = ?, sent_user_count = ?, sent_channel_count = ?
                WHERE id = ?
                """,
            arguments: [
                record.group, JSONColumn.encode(record.message), JSONColumn.encode(record.settings), record.status.rawValue,
                record.scheduledAt, record.completedAt, record.targetUserCount, record.targetChannelCount, record.sentUserCount,
                record.sentChannelCount, record.id,
            ]
        )
    }

    func find(uniqueID: String, in db: Database) throws -> AnnouncementRecord? {
        try AnnouncementRecord.fetchOne(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM announcements WHERE unique_id = ?"), arguments: [uniqueID]
        )
    }

    func find(id: Int64, in db: Database) throws -> AnnouncementRecord? {
        try AnnouncementRecord.fetchOne(db.cachedStatement(sql: "SELECT \(Self.columns) FROM announcements WHERE id = ?"), arguments: [id])
    }

    /// One page, newest created (or scheduled) first.
    func page(
        status: AnnouncementStatus?, group: String?, byScheduledAt: Bool, after: (Int64, Int64)?, limit: Int, in db: Database
    ) throws -> [AnnouncementRecord] {
        var conditions = Conditions()
        if let status { conditions.add("status = ?", [status.rawValue]) }
        if let group { conditions.add("announcement_group = ?", [group]) }
        let column = byScheduledAt ? "scheduled_at" : "created_at"
        if let (value, id) = after { conditions.add("(\(column), id) < (?, ?)", [value, id]) }
        return try AnnouncementRecord.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM announcements \(conditions.whereClause) ORDER BY \(column) DESC, id DESC LIMIT ?"),
            arguments: conditions.arguments + [limit]
        )
    }

    /// The groups in use, in order, after `after`.
    func groups(after: String?, limit: Int, in db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(sql: """
                SELECT DISTINCT announcement_group FROM announcements WHERE announcement_group != '' AND announcement_group > ?
                ORDER BY announcement_group LIMIT ?
                """),
            arguments: [after ?? "", limit]
        )
    }

    /// The finished announcements scheduled in [start, end), for the statistics.
    func finished(from start: Int64, to end: Int64, group: String?, in db: Database) throws -> [AnnouncementRecord] {
        var conditions = Conditions()
        conditions.add("scheduled_at >= ? AND scheduled_at < ?", [start, end])
        conditions.add("status IN ('canceled', 'stopped', 'completed', 'incompleted')")
        if let group { conditions.add("announcement_group = ?", [group]) }
        return try AnnouncementRecord.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM announcements \(conditions.whereClause) ORDER BY scheduled_at, id"),
            arguments: conditions.arguments
        )
    }

    func announcements(inGroup group: String, in db: Database) throws -> [AnnouncementRecord] {
        try AnnouncementRecord.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM announcements WHERE announcement_group = ? ORDER BY created_at, id"),
            arguments: [group]
        )
    }

    // MARK: Targets

    func removeTargets(of announcementID: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM announcement_targets WHERE announcement_id = ?", arguments: [announcementID])
    }

    /// Adds the channels an announcement goes to; answers those it did not have yet.
    func addTargets(_ channelIDs: [Int64], to announcementID: Int64, in db: Database) throws -> [Int64] {
        try channelIDs.filter { channelID in
            try db.executeCached(
                sql: "INSERT INTO announcement_targets (announcement_id, channel_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                arguments: [announcementID, channelID]
            )
            return db.changesCount > 0
        }
    }

    func pendingTargets(of announcementID: Int64, limit: Int, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT channel_id FROM announcement_targets WHERE announcement_id = ? AND sent_at IS NULL ORDER BY channel_id LIMIT ?"),
            arguments: [announcementID, limit]
        )
    }

    func markSent(_ channelID: Int64, of announcementID: Int64, message messageID: Int64?, at time: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE announcement_targets SET sent_at = ?, message_id = ? WHERE announcement_id = ? AND channel_id = ?",
            arguments: [time, messageID, announcementID, channelID]
        )
    }

    /// Each member the sent messages reached (not their sender) with when they were sent,
    /// and when the member read the channel after that (0: not yet), in user and channel
    /// order.
    func openStatus(of announcementID: Int64, in db: Database) throws -> [(userID: String, channelURL: String, sentAt: Int64, openAt: Int64)] {
        try Row.fetchAll(
            db.cachedStatement(sql: """
                SELECT u.user_id, c.channel_url, msg.created_at AS sent_at, CASE WHEN m.last_read_at >= msg.created_at THEN m.last_read_at ELSE 0 END AS read_at
                FROM announcement_targets t
                JOIN messages msg ON msg.id = t.message_id
                JOIN channels c ON c.id = t.channel_id
                JOIN members m ON m.channel_id = t.channel_id AND m.state = 'joined' AND m.user_id IS DISTINCT FROM msg.sender_id
                JOIN users u ON u.id = m.user_id
                WHERE t.announcement_id = ?
                ORDER BY u.user_id, c.channel_url
                """),
            arguments: [announcementID]
        ).map { ($0["user_id"], $0["channel_url"], $0["sent_at"], $0["read_at"]) }
    }

    /// For each announcement: how many members its messages reached (as `openStatus` lists
    /// them) and how many of those have read it since. Announcements nothing reached yet are
    /// left out.
    func opens(of announcementIDs: [Int64], in db: Database) throws -> [Int64: AnnouncementOpens] {
        guard !announcementIDs.isEmpty else { return [:] }
        let ids = SQL.ValueList(announcementIDs)
        var opens: [Int64: AnnouncementOpens] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT t.announcement_id, COUNT(*) AS reached, SUM(CASE WHEN m.last_read_at >= msg.created_at THEN 1 ELSE 0 END) AS opened
                FROM announcement_targets t
                JOIN messages msg ON msg.id = t.message_id
                JOIN members m ON m.channel_id = t.channel_id AND m.state = 'joined' AND m.user_id IS DISTINCT FROM msg.sender_id
                WHERE t.announcement_id IN (\(ids.placeholders))
                GROUP BY t.announcement_id
                """),
            arguments: ids.arguments
        )
        while let row = try rows.next() {
            opens[row["announcement_id"]] = AnnouncementOpens(reached: row["reached"], opened: row["opened"])
        }
        return opens
    }

    // MARK: Channels to target

    /// The group channels a user has joined.
    /// The first `limit` group channels a user has joined after `channelID`, in id order.
    func joinedChannels(of userRowID: Int64, after channelID: Int64, limit: Int, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT channel_id FROM members WHERE user_id = ? AND state = 'joined' AND channel_id > ? ORDER BY channel_id LIMIT ?"),
            arguments: [userRowID, channelID, limit]
        )
    }

    /// The group channels two users have both joined, of the kind asked (`distinct`,
    /// `non-distinct` or `all`), and with no other member when `onlyThem`.
    func sharedChannels(of first: Int64, and second: Int64, kind: String, onlyThem: Bool, in db: Database) throws -> [Int64] {
        var conditions = Conditions()
        conditions.add("a.user_id = ? AND a.state = 'joined' AND b.user_id = ? AND b.state = 'joined'", [first, second])
        if kind == "distinct" { conditions.add("c.is_distinct = 1") }
        if kind == "non-distinct" { conditions.add("c.is_distinct = 0") }
        if onlyThem { conditions.add("c.member_count = 2") }
        return try Int64.fetchAll(
            db.cachedStatement(sql: """
                SELECT c.id FROM members a JOIN members b ON b.channel_id = a.channel_id JOIN channels c ON c.id = a.channel_id
                \(conditions.whereClause) ORDER BY c.id
                """),
            arguments: conditions.arguments
        )
    }

    /// How many joined members a channel has other than `sender`.
    func recipientCount(of channelID: Int64, sender: Int64?, in db: Database) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) FROM members WHERE channel_id = ? AND state = 'joined' AND user_id IS DISTINCT FROM ?"),
            arguments: [channelID, sender]
        ) ?? 0
    }
}
