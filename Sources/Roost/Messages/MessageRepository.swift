/// What a new message row holds.
struct NewMessage {
    var channelID: Int64
    var type: MessageType
    var senderRowID: Int64?
    var message = ""
    var customType = ""
    var data = ""
    var mentionType = MentionType.users
    var isSilent = false
    var isOperatorMessage = false
    var parentMessageID: Int64?
    var file: FileInfo?
    var thumbnails: [String] = []
    var sortedMetaarray: [MetaArrayItem] = []
    var dedupID: String?
    var createdAt: Int64
    var pollID: Int64?
    /// The request's `send_push`; nil follows the message type.
    var sendPush: Bool?
    var requireAuth = false
    var extendedMessagePayload: ExtendedMessagePayload?
}

extension MessageRecord {
    /// The row `new` is stored as: the columns an insert leaves out hold the schema's defaults.
    init(_ new: NewMessage, id: Int64) {
        self.id = id
        channelID = new.channelID
        type = new.type
        senderRowID = new.senderRowID
        message = new.message
        customType = new.customType
        data = new.data
        mentionType = new.mentionType
        isSilent = new.isSilent
        isRemoved = false
        isOperatorMessage = new.isOperatorMessage
        parentMessageID = new.parentMessageID
        file = new.file
        thumbnails = new.thumbnails
        sortedMetaarray = new.sortedMetaarray
        translations = [:]
        dedupID = new.dedupID
        createdAt = new.createdAt
        updatedAt = 0
        replyCount = 0
        lastRepliedAt = 0
        pollID = new.pollID
        requireAuth = new.requireAuth
        extendedMessagePayload = new.extendedMessagePayload
    }
}

/// Which messages a history page may hold.
struct MessageFilter: Sendable {
    enum OperatorFilter: String { case all, `operator`, nonoperator }
    enum ReplyType: String { case none = "NONE", all = "ALL", onlyReplyToChannel = "ONLY_REPLY_TO_CHANNEL" }

    var senderRowIDs: [Int64]?
    var operatorFilter = OperatorFilter.all
    var messageType: MessageType?
    var customTypes: [String]?
    var includingRemoved = false
    var replyType = ReplyType.none
    /// A thread only: this parent message and its direct replies (`replyType` then does not apply).
    var thread: Int64?
    /// Messages sent at or before this time are gone for the reading member.
    var visibleAfter: Int64 = 0
    /// The member reading, whose withheld messages (from users they block) are left out.
    var reader: Int64?
}

/// The centre of a history page, in the order messages are listed (by time, ties by id):
/// every message sent at one timestamp, or one message. Messages before it count toward
/// `prev_limit`, messages after it toward `next_limit`, and the centre itself toward neither.
struct MessageAnchor: Sendable {
    let createdAt: Int64
    /// The ids the centre spans at `createdAt`: all of them for a timestamp, one for a message.
    let ids: ClosedRange<Int64>

    static func timestamp(_ createdAt: Int64) -> MessageAnchor {
        MessageAnchor(createdAt: createdAt, ids: Int64.min...Int64.max)
    }

    static func message(_ message: MessageRecord) -> MessageAnchor {
        MessageAnchor(createdAt: message.createdAt, ids: message.id...message.id)
    }
}

/// The messages table and the tables hanging off it. Every method runs inside the caller's transaction.
struct MessageRepository: Sendable {
    /// Stores a new message and answers its row as stored, without reading it back.
    func insert(_ message: NewMessage, in db: Database) throws -> MessageRecord {
        try insert([message], in: db)[0]
    }

    /// Stores new messages in one statement, in the order given, and answers their rows as
    /// stored without reading them back.
    func insert(_ messages: [NewMessage], in db: Database) throws -> [MessageRecord] {
        var rows = SQL.JSONRows()
        for message in messages {
            rows.append([
                .integer(message.channelID), .text(message.type.rawValue), .integer(message.senderRowID), .text(message.message),
                .text(message.customType), .text(message.data), .text(message.mentionType.rawValue), .bool(message.isSilent),
                .bool(message.isOperatorMessage), .integer(message.parentMessageID), .text(message.file.map(JSONColumn.encode)),
                .text(JSONColumn.encode(message.thumbnails)), .text(JSONColumn.encode(message.sortedMetaarray)), .text(message.dedupID),
                .integer(message.createdAt), .integer(message.pollID), .bool(message.sendPush), .bool(message.requireAuth),
                .text(message.extendedMessagePayload.map(JSONColumn.encode)),
            ])
        }
        // Each row's id comes from the table's sequence as the rows go in, in the order selected.
        let ids = try Int64.fetchAll(db.cachedStatement(sql: Self.insertSQL[db.dialect]), arguments: ["rows": try rows.argument()]).sorted()
        guard ids.count == messages.count else { throw NoRowInserted(sql: Self.insertSQL[db.dialect]) }
        return zip(messages, ids).map { MessageRecord($0, id: $1) }
    }

    private static let insertSQL = DialectText { dialect in
        """
        INSERT INTO messages (channel_id, type, sender_id, message, custom_type, data, mention_type, is_silent,
            is_op_msg, parent_message_id, file, thumbnails, sorted_metaarray, dedup_id, created_at, poll_id, send_push,
            require_auth, extended_message_payload)
        SELECT channel_id, type, sender_id, message, custom_type, data, mention_type, is_silent,
            is_op_msg, parent_message_id, file, thumbnails, sorted_metaarray, dedup_id, created_at, poll_id, send_push,
            require_auth, extended_message_payload
        FROM \(dialect.rows(ofJSON: [
            "channel_id": .integer, "type": .text, "sender_id": .integer, "message": .text, "custom_type": .text, "data": .text,
            "mention_type": .text, "is_silent": .integer, "is_op_msg": .integer, "parent_message_id": .integer, "file": .text,
            "thumbnails": .text, "sorted_metaarray": .text, "dedup_id": .text, "created_at": .integer, "poll_id": .integer,
            "send_push": .integer, "require_auth": .integer, "extended_message_payload": .text,
        ], from: ":rows")) AS new
        ORDER BY position
        RETURNING id
        """
    }

    func delete(id: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM messages WHERE id = ?", arguments: [id])
    }

    /// The `send_push` its send gave, if it gave one.
    func sendPush(of id: Int64, in db: Database) throws -> Bool? {
        try Bool?.fetchOne(db.cachedStatement(sql: "SELECT send_push FROM messages WHERE id = ?"), arguments: [id]) ?? nil
    }

    /// The order of the index on a message's sender (`messages_by_sender`, migration 0051), in
    /// which a user's messages are read in batches without sorting them all.
    static let senderIndexOrder = "channel_id, created_at, id"

    /// The ids of every message a user sent, oldest first.
    func ids(sentBy userRowID: Int64, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: "SELECT id FROM messages WHERE sender_id = ? ORDER BY created_at, id", arguments: [userRowID])
    }

    /// How many messages a channel holds from `start` up to and including `end`.
    func count(inChannel channelID: Int64, from start: Int64, through end: Int64, in db: Database) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) FROM messages WHERE channel_id = ? AND created_at BETWEEN ? AND ?"),
            arguments: [channelID, start, end]
        ) ?? 0
    }

    /// The row ids of the users a message mentions and notifies (the first ten it names).
    func notifiedMentions(of id: Int64, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(db.cachedStatement(sql: "SELECT user_id FROM message_mentions WHERE message_id = ? AND notified = 1"), arguments: [id])
    }

    func find(id: Int64, in db: Database) throws -> MessageRecord? {
        try MessageRecord.fetchOne(
            db.cachedStatement(sql: "SELECT \(MessageRecord.columns) FROM messages WHERE id = ?"), arguments: [id]
        )
    }

    func find(ids: [Int64], in db: Database) throws -> [Int64: MessageRecord] {
        guard !ids.isEmpty else { return [:] }
        let list = SQL.ValueList(ids)
        let records = try MessageRecord.fetchAll(
            db.cachedStatement(sql: "SELECT \(MessageRecord.columns) FROM messages WHERE id IN (\(list.placeholders))"),
            arguments: list.arguments
        )
        return Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func find(dedupID: String, channelID: Int64, in db: Database) throws -> MessageRecord? {
        try MessageRecord.fetchOne(
            db.cachedStatement(sql: "SELECT \(MessageRecord.columns) FROM messages WHERE channel_id = ? AND dedup_id = ?"),
            arguments: [channelID, dedupID]
        )
    }

    /// The time of a channel's newest message of any kind.
    func newestCreatedAt(in channelID: Int64, in db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT created_at FROM messages WHERE channel_id = ? ORDER BY created_at DESC LIMIT 1"),
            arguments: [channelID]
        )
    }

    /// Messages before the anchor, newest first, or after it, oldest first: a range walk of
    /// `messages_by_channel_time`, so a page costs the same however long the history is.
    func page(
        of channelID: Int64, from anchor: MessageAnchor, before: Bool, limit: Int, filter: MessageFilter, in db: Database
    ) throws -> [MessageRecord] {
        guard limit > 0 else { return [] }
        var conditions = Conditions()
        conditions.add("channel_id = ?", [channelID])
        if before {
            conditions.add("(created_at < ? OR (created_at = ? AND id < ?))", [anchor.createdAt, anchor.createdAt, anchor.ids.lowerBound])
        } else {
            conditions.add("(created_at > ? OR (created_at = ? AND id > ?))", [anchor.createdAt, anchor.createdAt, anchor.ids.upperBound])
        }
        return try fetch(conditions, filter: filter, order: before ? "DESC" : "ASC", limit: limit, in: db)
    }

    /// The messages at the anchor itself that the filter lets through, oldest first.
    func centre(of channelID: Int64, at anchor: MessageAnchor, filter: MessageFilter, in db: Database) throws -> [MessageRecord] {
        var conditions = Conditions()
        conditions.add("channel_id = ?", [channelID])
        conditions.add("created_at = ? AND id BETWEEN ? AND ?", [anchor.createdAt, anchor.ids.lowerBound, anchor.ids.upperBound])
        return try fetch(conditions, filter: filter, order: "ASC", limit: .max, in: db)
    }

    private func fetch(
        _ conditions: Conditions, filter: MessageFilter, order direction: String, limit: Int, in db: Database
    ) throws -> [MessageRecord] {
        var conditions = conditions
        add(filter, to: &conditions)
        // The text varies only with the filter's shape, so the statement stays prepared.
        return try MessageRecord.fetchAll(
            db.cachedStatement(sql: """
                SELECT \(MessageRecord.columns) FROM messages \(conditions.whereClause)
                ORDER BY created_at \(direction), id \(direction) LIMIT ?
                """),
            arguments: conditions.arguments + [limit]
        )
    }

    func count(in channelID: Int64, filter: MessageFilter, in db: Database) throws -> Int {
        var conditions = Conditions()
        conditions.add("channel_id = ?", [channelID])
        add(filter, to: &conditions)
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM messages \(conditions.whereClause)", arguments: conditions.arguments) ?? 0
    }

    private func add(_ filter: MessageFilter, to conditions: inout Conditions) {
        if filter.visibleAfter > 0 { conditions.add("created_at > ?", [filter.visibleAfter]) }
        if let reader = filter.reader {
            conditions.add(
                "NOT EXISTS (SELECT 1 FROM undelivered_messages u WHERE u.user_id = ? AND u.message_id = messages.id)", [reader]
            )
        }
        if !filter.includingRemoved { conditions.add("is_removed = 0") }
        if let senders = filter.senderRowIDs {
            let list = SQL.ValueList(senders)
            conditions.add("sender_id IN (\(list.placeholders))", list.arguments)
        }
        switch filter.operatorFilter {
        case .all: break
        case .operator: conditions.add("is_op_msg = 1")
        case .nonoperator: conditions.add("is_op_msg = 0")
        }
        if let type = filter.messageType { conditions.add("type = ?", [type.rawValue]) }
        if let types = filter.customTypes, !types.contains("*") {
            let list = SQL.ValueList(types)
            conditions.add("custom_type IN (\(list.placeholders))", list.arguments)
        }
        if let thread = filter.thread {
            conditions.add("(id = ? OR parent_message_id = ?)", [thread, thread])
            return
        }
        switch filter.replyType {
        case .none, .onlyReplyToChannel: conditions.add("parent_message_id IS NULL")
        case .all: break
        }
    }

    /// Writes back the fields an update may change.
    func save(_ message: MessageRecord, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE messages SET message = ?, custom_type = ?, data = ?, mention_type = ?, is_removed = ?,
                    sorted_metaarray = ?, translations = ?, file = ?, updated_at = ?
                WHERE id = ?
                """,
            arguments: [
                message.message, message.customType, message.data, message.mentionType.rawValue, message.isRemoved,
                JSONColumn.encode(message.sortedMetaarray), JSONColumn.encode(message.translations), message.file.map(JSONColumn.encode),
                message.updatedAt, message.id,
            ]
        )
    }

    /// Counts a reply on its parent.
    /// Counts a reply to its parent; answers the parent's thread as it now is (nil when the
    /// parent is gone).
    func recordReply(to parentID: Int64, at time: Int64, in db: Database) throws -> (replyCount: Int64, lastRepliedAt: Int64)? {
        try Row.fetchOne(
            db.cachedStatement(sql: """
                UPDATE messages SET reply_count = reply_count + 1, last_replied_at = MAX(last_replied_at, ?) WHERE id = ?
                RETURNING reply_count, last_replied_at
                """),
            arguments: [time, parentID]
        ).map { ($0["reply_count"], $0["last_replied_at"]) }
    }

    /// A reply was removed: its parent's thread counts one fewer and was last replied to when
    /// the newest reply left was sent (0 with none left).
    func recordReplyRemoved(from parentID: Int64, in db: Database) throws -> (replyCount: Int64, lastRepliedAt: Int64)? {
        try Row.fetchOne(
            db.cachedStatement(sql: """
                UPDATE messages SET reply_count = MAX(reply_count - 1, 0),
                    last_replied_at = COALESCE((
                        SELECT MAX(r.created_at) FROM messages r WHERE r.parent_message_id = messages.id AND r.is_removed = 0
                    ), 0)
                WHERE id = ?
                RETURNING reply_count, last_replied_at
                """),
            arguments: [parentID]
        ).map { ($0["reply_count"], $0["last_replied_at"]) }
    }

    /// The senders who replied most to each parent, most replies first.
    func topRepliers(ofParents parentIDs: [Int64], limit: Int, in db: Database) throws -> [Int64: [Int64]] {
        guard !parentIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(parentIDs)
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: """
                SELECT parent_message_id, sender_id, COUNT(*) AS replies FROM messages
                WHERE parent_message_id IN (\(list.placeholders)) AND sender_id IS NOT NULL AND is_removed = 0
                    AND \(DeletedUserRepository.messageOfLiveSender)
                GROUP BY parent_message_id, sender_id ORDER BY replies DESC, MIN(id)
                """),
            arguments: list.arguments
        )
        var result: [Int64: [Int64]] = [:]
        for row in rows {
            let parent: Int64 = row["parent_message_id"]
            if result[parent, default: []].count < limit { result[parent, default: []].append(row["sender_id"]) }
        }
        return result
    }

    // MARK: Mentions

    /// Records whom a message mentions; the first `MessageRules.notifiedMentions` of them are
    /// the ones notified.
    func addMentions(of userRowIDs: [Int64], to messageID: Int64, in db: Database) throws {
        for (index, userRowID) in userRowIDs.enumerated() {
            try db.executeCached(
                sql: "INSERT INTO message_mentions (message_id, user_id, notified) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [messageID, userRowID, index < MessageRules.notifiedMentions]
            )
        }
    }

    func replaceMentions(of messageID: Int64, with userRowIDs: [Int64], in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM message_mentions WHERE message_id = ?", arguments: [messageID])
        try addMentions(of: userRowIDs, to: messageID, in: db)
    }

    func mentionedUsers(ofMessages messageIDs: [Int64], in db: Database) throws -> [Int64: [Int64]] {
        guard !messageIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(messageIDs)
        return try db.groupedRowIDs(
            sql: "SELECT message_id, user_id FROM message_mentions WHERE message_id IN (\(list.placeholders)) ORDER BY user_id",
            arguments: list.arguments
        )
    }
}
