/// Which scheduled messages a list or count covers.
struct ScheduledMessageFilter: Sendable {
    var channelID: Int64?
    var senderRowID: Int64?
    var statuses: [ScheduledStatus]?
    var messageType: MessageType?
}

/// How a list of scheduled messages is ordered: by creation, newest first, or by the time
/// they are due, soonest first; `reverse` turns either around.
enum ScheduledMessageOrder: String, Sendable {
    case createdAt = "created_at", scheduledAt = "scheduled_at"
}

/// The scheduled_messages table. Every method runs inside the caller's transaction.
struct ScheduledMessageRepository: Sendable {
    private static let columns = ScheduledMessageRecord.Columns.qualified(by: "scheduled_messages")

    func insert(_ record: ScheduledMessageRecord, in db: Database) throws -> Int64 {
        try db.insert(
            sql: """
                INSERT INTO scheduled_messages (channel_id, sender_id, message_type, request, scheduled_at, status, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                record.channelID, record.senderRowID, record.type.rawValue, JSONColumn.encode(record.request), record.scheduledAt,
                record.status.rawValue, record.createdAt, record.updatedAt,
            ]
        )
    }

    func save(_ record: ScheduledMessageRecord, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE scheduled_messages SET request = ?, scheduled_at = ?, status = ?, updated_at = ?, sent_at = ?, message_id = ?,
                    error_code = ?, error_message = ?
                WHERE id = ?
                """,
            arguments: [
                JSONColumn.encode(record.request), record.scheduledAt, record.status.rawValue, record.updatedAt, record.sentAt,
                record.messageID, record.errorCode, record.errorMessage, record.id,
            ]
        )
    }

    func find(_ id: Int64, in db: Database) throws -> ScheduledMessageRecord? {
        try ScheduledMessageRecord.fetchOne(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM scheduled_messages WHERE id = ?"), arguments: [id]
        )
    }

    /// One page in the order asked, after the cursor's (sort value, id).
    func page(
        _ filter: ScheduledMessageFilter, order: ScheduledMessageOrder, reverse: Bool, after: (Int64, Int64)?, limit: Int, in db: Database
    ) throws -> [ScheduledMessageRecord] {
        var conditions = Self.conditions(filter)
        // Created: newest first; due: soonest first.
        let descending = (order == .createdAt) != reverse
        let column = "scheduled_messages.\(order.rawValue)"
        if let (value, id) = after {
            conditions.add("(\(column), scheduled_messages.id) \(descending ? "<" : ">") (?, ?)", [value, id])
        }
        let direction = descending ? "DESC" : "ASC"
        return try ScheduledMessageRecord.fetchAll(
            db.cachedStatement(sql: """
                SELECT \(Self.columns) FROM scheduled_messages \(conditions.whereClause)
                ORDER BY \(column) \(direction), scheduled_messages.id \(direction) LIMIT ?
                """),
            arguments: conditions.arguments + [limit]
        )
    }

    func count(_ filter: ScheduledMessageFilter, in db: Database) throws -> Int {
        let conditions = Self.conditions(filter)
        return try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) FROM scheduled_messages \(conditions.whereClause)"), arguments: conditions.arguments
        ) ?? 0
    }

    private static func conditions(_ filter: ScheduledMessageFilter) -> Conditions {
        var conditions = Conditions()
        if let channelID = filter.channelID { conditions.add("scheduled_messages.channel_id = ?", [channelID]) }
        if let sender = filter.senderRowID { conditions.add("scheduled_messages.sender_id = ?", [sender]) }
        if let statuses = filter.statuses {
            let list = SQL.ValueList(statuses.map(\.rawValue))
            conditions.add("scheduled_messages.status IN (\(list.placeholders))", list.arguments)
        }
        if let type = filter.messageType { conditions.add("scheduled_messages.message_type = ?", [type.rawValue]) }
        return conditions
    }
}
