/// The webhook_settings row and the failed_webhooks table. Every method runs inside the
/// caller's transaction.
struct WebhookRepository: Sendable {
    func settings(in db: Database) throws -> WebhookSettings {
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT enabled, url, include_members, include_unread_count, enabled_events FROM webhook_settings WHERE id = 1
                """)
        ) else { return WebhookSettings() }
        return WebhookSettings(
            enabled: row["enabled"], url: row["url"], includeMembers: row["include_members"], includeUnreadCount: row["include_unread_count"],
            enabledEvents: JSONColumn.decode(row["enabled_events"])
        )
    }

    func save(_ settings: WebhookSettings, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE webhook_settings SET enabled = ?, url = ?, include_members = ?, include_unread_count = ?, enabled_events = ?
                WHERE id = 1
                """,
            arguments: [
                settings.enabled, settings.url, settings.includeMembers, settings.includeUnreadCount,
                JSONColumn.encode(settings.enabledEvents),
            ]
        )
    }

    func recordFailure(_ failure: FailedWebhook, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO failed_webhooks (seq, category, status_code, attempts, failed_at, payload)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [failure.seq, failure.category, failure.statusCode, failure.attempts, failure.failedAt, failure.payload]
        )
    }

    /// One page of failed deliveries, oldest first, after the failure time `after`.
    func failures(_ filter: FailedWebhookFilter, limit: Int, in db: Database) throws -> [FailedWebhook] {
        var conditions = Conditions()
        if let start = filter.start { conditions.add("failed_at >= ?", [start]) }
        if let end = filter.end { conditions.add("failed_at <= ?", [end]) }
        if let after = filter.after { conditions.add("(failed_at > ? OR (failed_at = ? AND id > ?))", [after.time, after.time, after.id]) }
        if let category = filter.category { conditions.add("category = ?", [category]) }
        if let status = filter.statusCode { conditions.add("status_code = ?", [status]) }
        return try FailedWebhook.fetchAll(
            db.cachedStatement(sql: """
                SELECT id, seq, category, status_code, attempts, failed_at, payload FROM failed_webhooks
                \(conditions.whereClause) ORDER BY failed_at, id LIMIT ?
                """),
            arguments: conditions.arguments + [limit]
        )
    }
}

/// A delivery that got no 2xx answer after every attempt.
struct FailedWebhook: Sendable, FetchableRecord {
    var id: Int64 = 0
    var seq: Int64
    var category: String
    /// The last answer's status; 0 when no answer came (timeout, refused connection).
    var statusCode: Int
    var attempts: Int
    var failedAt: Int64
    var payload: String
}

extension FailedWebhook {
    init(row: Row) {
        id = row["id"]
        seq = row["seq"]
        category = row["category"]
        statusCode = row["status_code"]
        attempts = row["attempts"]
        failedAt = row["failed_at"]
        payload = row["payload"]
    }
}

struct FailedWebhookFilter: Sendable {
    var start: Int64?
    var end: Int64?
    var category: String?
    var statusCode: Int?
    var after: (time: Int64, id: Int64)?
}
