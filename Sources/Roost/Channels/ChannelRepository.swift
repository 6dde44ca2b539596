/// What a new channel row holds.
struct NewChannel {
    var type: ChannelType
    var url: String
    var name = ""
    var coverURL = ""
    var customType = ""
    var data = ""
    var isDistinct = false
    var isPublic = false
    var isSuper = false
    var isEphemeral = false
    var isDiscoverable = false
    var isDynamicPartitioned = false
    var accessCode: String?
    var distinctKey: String?
    var createdBy: Int64?
    var createdAt: Int64
}

/// The channels table. Every method runs inside the caller's transaction.
struct ChannelRepository: Sendable {
    func insert(_ channel: NewChannel, in db: Database) throws -> Int64 {
        try db.insert(
            sql: """
                INSERT INTO channels (channel_type, channel_url, name, cover_url, custom_type, data, is_distinct,
                    is_public, is_super, is_ephemeral, is_discoverable, is_dynamic_partitioned, access_code, distinct_key,
                    created_by, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                channel.type.rawValue, channel.url, channel.name, channel.coverURL, channel.customType, channel.data,
                channel.isDistinct, channel.isPublic, channel.isSuper, channel.isEphemeral, channel.isDiscoverable,
                channel.isDynamicPartitioned, channel.accessCode, channel.distinctKey, channel.createdBy, channel.createdAt,
            ]
        )
    }

    func exists(url: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM channels WHERE channel_url = ?)"), arguments: [url]) ?? false
    }

    func find(_ type: ChannelType, url: String, in db: Database) throws -> ChannelRecord? {
        try ChannelRecord.fetchOne(
            db.cachedStatement(sql: "SELECT \(ChannelRecord.columns) FROM channels WHERE channel_url = ? AND channel_type = ?"), arguments: [url, type.rawValue]
        )
    }

    /// A channel of either kind.
    func find(url: String, in db: Database) throws -> ChannelRecord? {
        try ChannelRecord.fetchOne(db.cachedStatement(sql: "SELECT \(ChannelRecord.columns) FROM channels WHERE channel_url = ?"), arguments: [url])
    }

    /// Channels of either kind by URL, in one statement.
    func find(urls: Set<String>, in db: Database) throws -> [String: ChannelRecord] {
        guard !urls.isEmpty else { return [:] }
        let list = SQL.ValueList(Array(urls))
        let found = try ChannelRecord.fetchAll(
            db.cachedStatement(sql: "SELECT \(ChannelRecord.columns) FROM channels WHERE channel_url IN (\(list.placeholders))"),
            arguments: list.arguments
        )
        return Dictionary(found.map { ($0.url, $0) }) { first, _ in first }
    }

    /// A channel's kind and row id, with what a kept page of its history is stamped with.
    struct HistoryStamp: Sendable {
        let type: ChannelType
        let channelID: Int64
        let stamp: HistoryCache.Stamp
    }

    /// The history stamps of the channels at `urls` (their message revisions, with the users
    /// generation), in one statement; a URL no channel has is left out.
    func historyStamps(of urls: Set<String>) throws -> Query<[String: HistoryStamp]> {
        var wanted = SQL.JSONRows()
        for url in urls { wanted.append([.text(url)]) }
        return Query(sql: Self.historyStampsSQL, arguments: ["urls": try wanted.argument()]) { rows in
            var stamps: [String: HistoryStamp] = [:]
            for row in rows {
                guard let type = ChannelType(rawValue: row["channel_type"]) else { continue }
                stamps[row["channel_url"]] = HistoryStamp(
                    type: type, channelID: row["id"],
                    stamp: HistoryCache.Stamp(revision: row["message_revision"], usersGeneration: row["users_generation"])
                )
            }
            return stamps
        }
    }

    private static let historyStampsSQL = DialectText { dialect in
        """
        SELECT channel_url, channel_type, id, message_revision, COALESCE((\(UserRepository.generationSQL)), 0) AS users_generation
        FROM channels WHERE channel_url IN (SELECT url FROM \(dialect.rows(ofJSON: ["url": .text], from: ":urls")) AS wanted)
        """
    }

    /// A channel that must exist: an unknown URL is Sendbird's "Channel not found".
    func existing(_ type: ChannelType, url: String, in db: Database) throws -> ChannelRecord {
        guard let channel = try find(type, url: url, in: db) else { throw APIError.notFound("Channel") }
        return channel
    }

    func find(rowID: Int64, in db: Database) throws -> ChannelRecord? {
        try ChannelRecord.fetchOne(db.cachedStatement(sql: "SELECT \(ChannelRecord.columns) FROM channels WHERE id = ?"), arguments: [rowID])
    }

    /// A channel read again after a write in the same transaction, as it now is.
    func existing(rowID: Int64, in db: Database) throws -> ChannelRecord {
        guard let channel = try find(rowID: rowID, in: db) else { throw APIError.notFound("Channel") }
        return channel
    }

    func find(distinctKey: String, in db: Database) throws -> ChannelRecord? {
        try ChannelRecord.fetchOne(
            db.cachedStatement(sql: "SELECT \(ChannelRecord.columns) FROM channels WHERE distinct_key = ? ORDER BY id LIMIT 1"), arguments: [distinctKey]
        )
    }

    /// Writes back the fields a channel update may change.
    func save(_ channel: ChannelRecord, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE channels SET name = ?, cover_url = ?, custom_type = ?, data = ?, is_distinct = ?, is_public = ?,
                    is_super = ?, is_discoverable = ?, access_code = ?, "freeze" = ?, distinct_key = ?
                WHERE id = ?
                """,
            arguments: [
                channel.name, channel.coverURL, channel.customType, channel.data, channel.isDistinct, channel.isPublic,
                channel.isSuper, channel.isDiscoverable, channel.accessCode, channel.freeze, channel.distinctKey, channel.rowID,
            ]
        )
    }

    /// Makes a message the channel's last message, unless a newer one is already (imports
    /// may arrive with older times).
    /// A message sent at `time` becomes the channel's last unless a newer one is; `counted`
    /// (a message that makes unread counts rise) adds it to the channel's count (migration
    /// 0030). Answers the time of the channel's newest message now.
    @discardableResult
    func recordLastMessage(_ messageID: Int64, at time: Int64, counted: Bool = false, in channelID: Int64, in db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: Self.recordLastMessageSQL),
            arguments: ["id": messageID, "time": time, "counted": counted ? 1 : 0, "channel": channelID]
        )
    }

    private static let recordLastMessageSQL = """
        UPDATE channels SET \(lastMessage(":id", at: ":time", counted: ":counted"))
        WHERE id = :channel
        RETURNING last_message_at
        """

    /// A channel's newest message of several sent at once, and how many of them count as
    /// unread (`recordLastMessage`).
    struct NewMessages {
        let channelID: Int64
        let newestID: Int64
        let newestAt: Int64
        let counted: Int
    }

    /// Records the new messages of several channels in one statement.
    func recordLastMessages(_ news: [NewMessages], in db: Database) throws {
        var rows = SQL.JSONRows()
        for new in news { rows.append([.integer(new.channelID), .integer(new.newestID), .integer(new.newestAt), .integer(Int64(new.counted))]) }
        try db.executeCached(sql: Self.recordLastMessagesSQL[db.dialect], arguments: ["rows": try rows.argument()])
    }

    private static let recordLastMessagesSQL = DialectText { dialect in
        """
        UPDATE channels SET \(lastMessage("new.id", at: "new.time", counted: "new.counted"))
        FROM \(dialect.rows(ofJSON: ["channel": .integer, "id": .integer, "time": .integer, "counted": .integer], from: ":rows")) AS new
        WHERE channels.id = new.channel
        """
    }

    /// What a new message sets on its channel: it is the last message unless a newer one is, and
    /// `counted` more messages count as unread.
    private static func lastMessage(_ id: String, at time: String, counted: String) -> String {
        """
        last_message_id = CASE WHEN last_message_at IS NULL OR last_message_at <= \(time) THEN \(id) ELSE last_message_id END,
            last_message_at = CASE WHEN last_message_at IS NULL OR last_message_at <= \(time) THEN \(time) ELSE last_message_at END,
            counted_messages = counted_messages + \(counted)
        """
    }

    /// The channel's last message was removed: the newest message still shown takes its place
    /// (none, when no message is left).
    func recordLastMessageRemoved(in channelID: Int64, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE channels SET (last_message_id, last_message_at) = (
                    SELECT id, created_at FROM messages
                    WHERE channel_id = :channel AND is_removed = 0 AND is_silent = 0
                    ORDER BY created_at DESC, id DESC LIMIT 1)
                WHERE id = :channel
                """,
            arguments: ["channel": channelID]
        )
    }

    /// Every channel, of either kind, of the given custom types.
    func all(customTypes: [String], in db: Database) throws -> [ChannelRecord] {
        try ChannelRecord.fetchAll(
            db, sql: "SELECT \(ChannelRecord.columns) FROM channels WHERE custom_type IN (\(SQL.placeholders(customTypes.count))) ORDER BY id",
            arguments: StatementArguments(customTypes)
        )
    }

    /// Freezes or unfreezes a channel that must exist, answering it as it is now.
    func setFrozen(_ freeze: Bool, _ type: ChannelType, url: String, in db: Database) throws -> ChannelRecord {
        var channel = try existing(type, url: url, in: db)
        channel.freeze = freeze
        try save(channel, in: db)
        return channel
    }

    func delete(rowID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM channels WHERE id = ?", arguments: [rowID])
    }

    /// Whether the channel holds more than `count` messages; reads at most one more.
    func hasMessages(moreThan count: Int, channelID: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) > ? FROM (SELECT 1 FROM messages WHERE channel_id = ? LIMIT ?) AS sent"),
            arguments: [count, channelID, count + 1]
        ) ?? false
    }

    /// The condition on a row of `messages` that its channel is not being deleted: a deleted
    /// channel's messages count for nothing from its deletion on, not only once
    /// `ChannelDeletion` has taken the last of them.
    static let messageOfLiveChannel = "channel_id NOT IN (SELECT id FROM channels WHERE deleted_at IS NOT NULL)"

    /// The tables whose rows belong to one channel, but for its messages: what a deletion takes
    /// at once (`retire`). Members and participants come first, while the channel still has its
    /// URL: their triggers record the past memberships under it.
    static let ownedTables = [
        "members", "participants", "operators", "typing", "channel_metadata", "channel_metacounters", "bans", "mutes",
        "channel_push_preferences", "profanity_violations", "scheduled_messages", "pinned_messages", "polls",
        "announcement_targets", "flood_sends",
    ]

    /// Takes a channel out of every client's sight, leaving only its row and its messages for
    /// `ChannelDeletion` to delete: every other row of its own goes, and it takes a URL no
    /// request can name (a colon is no character of a channel URL) and frees its distinct key.
    func retire(rowID: Int64, at time: Int64, in db: Database) throws {
        for table in Self.ownedTables {
            try db.execute(sql: "DELETE FROM \(table) WHERE channel_id = ?", arguments: [rowID])
        }
        try db.execute(
            sql: "UPDATE channels SET channel_url = ?, distinct_key = NULL, deleted_at = ? WHERE id = ?",
            arguments: ["deleted:\(rowID)", time, rowID]
        )
    }

    /// Deletes messages by id, with what hangs off them (reactions, mentions, metadata).
    func deleteMessages(_ ids: [Int64], in db: Database) throws {
        guard !ids.isEmpty else { return }
        let list = SQL.ValueList(ids)
        try db.execute(sql: "DELETE FROM messages WHERE id IN (\(list.placeholders))", arguments: list.arguments)
    }

    /// A message a deletion takes, with its uploaded file (JSON), if any.
    struct DoomedMessage: Sendable {
        let id: Int64
        let file: String?
    }

    /// Up to `limit` of a channel's messages, oldest first: what a deletion of the channel takes
    /// next. They are read in the index's order: sorting by id alone sorted every message left
    /// at each step.
    func oldestMessages(of channelID: Int64, limit: Int, in db: Database) throws -> [DoomedMessage] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, file FROM messages WHERE channel_id = ? ORDER BY created_at, id LIMIT ?"),
            arguments: [channelID, limit]
        ).map { DoomedMessage(id: $0["id"], file: $0["file"]) }
    }

    /// Up to `limit` of the messages of a channel being deleted, oldest first; nil once it is
    /// no longer being deleted (it is gone, or it is no such channel).
    func messagesToDelete(of rowID: Int64, limit: Int, in db: Database) throws -> [Int64]? {
        let deleting = try Bool.fetchOne(db, sql: "SELECT deleted_at IS NOT NULL FROM channels WHERE id = ?", arguments: [rowID]) ?? false
        guard deleting else { return nil }
        return try oldestMessages(of: rowID, limit: limit, in: db).map(\.id)
    }

    /// One row of a channel list: the channel, the value it was sorted by (its last message's
    /// time or its metadata value; empty in other orders) and, in a user's own list, the
    /// user's membership of it.
    struct ListedChannel: Sendable {
        let channel: ChannelRecord
        let orderValue: String
        let viewer: ListedMembership?
    }

    /// One page of channels matching a query.
    func page(_ query: ChannelQuery, limit: Int, in db: Database) throws -> [ListedChannel] {
        let (sql, arguments) = try query.sql(limit: limit, dialect: db.dialect)
        // Every list in the query is a SQL.ValueList and the limit is bound, so the text of the
        // statement takes few shapes and stays prepared.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        return try Array(rows.map { row in
            ListedChannel(
                channel: ChannelRecord(row: row), orderValue: row["order_value"],
                viewer: query.membership == nil ? nil : ListedMembership(
                    member: MemberRecord(row: row, from: ChannelQuery.viewerColumnsOffset),
                    pushTriggerOption: row["viewer_push_trigger_option"]
                )
            )
        })
    }

    func count(_ query: ChannelQuery, in db: Database) throws -> Int {
        let (sql, arguments) = try query.countSQL(dialect: db.dialect)
        return try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
    }
}
