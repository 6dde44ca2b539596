import GRDB

/// The versions of what a send's checks read (migration 0033): its channel's, its sender's and
/// the application's. Equal versions mean the checks would find the same again.
struct RuleVersions: Sendable, Equatable {
    let channel: Int64
    let sender: Int64?
    let application: Int64
}

struct RuleVersionRepository: Sendable {
    /// The versions now, in one statement; a channel that is gone has none.
    func versions(of channelID: Int64, sender: Int64?, in db: Database) throws -> RuleVersions? {
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT rules_version AS channel,
                    (SELECT rules_version FROM users WHERE id = :sender) AS sender,
                    COALESCE((SELECT rules_version FROM application), 0) AS application
                FROM channels WHERE id = :channel
                """),
            arguments: ["channel": channelID, "sender": sender]
        ) else { return nil }
        return RuleVersions(channel: row["channel"], sender: row["sender"], application: row["application"])
    }
}
