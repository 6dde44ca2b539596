/// Users on their way out (`UserDeletion`): taken out of every client's sight at once, their
/// messages unlinked from them a batch per write, their rows deleted last. Every method runs
/// inside the caller's transaction.
struct DeletedUserRepository: Sendable {
    /// A row of another table that names a user, and what deleting the user does to it.
    struct Reference: Sendable, Equatable {
        let table: String
        let column: String
        /// Whether the row stays, with the column set to NULL (`ON DELETE SET NULL`), rather
        /// than going with the user (`ON DELETE CASCADE`).
        let keepsRow: Bool
    }

    /// Every reference to a user but the messages they sent: what a deletion does at once
    /// (`retire`), as the foreign keys would. Memberships come before the past memberships
    /// their triggers record.
    static let referencesTakenAtOnce: [Reference] = [
        "members.user_id", "participants.user_id", "past_memberships.user_id", "bans.user_id", "blocks.user_id",
        "blocks.target_id", "bots.user_id", "channel_push_preferences.user_id", "custom_type_restrictions.user_id",
        "device_tokens.user_id", "flood_sends.sender_id", "message_mentions.user_id", "mutes.user_id", "node_streams.user_id",
        "operators.user_id", "poll_votes.user_id", "profanity_violations.user_id", "push_preferences.user_id", "reactions.user_id",
        "scheduled_messages.sender_id", "session_tokens.user_id", "typing.user_id", "undelivered_messages.user_id",
        "user_activity.user_id", "user_metadata.user_id",
    ].map { Reference($0, keepsRow: false) } + [
        "bans.agent_id", "channels.created_by", "members.inviter_id", "moderated_messages.user_id",
        "poll_options.created_by", "polls.created_by",
    ].map { Reference($0, keepsRow: true) }

    /// The condition on a row of `messages` that its sender is no user being deleted: such a
    /// user's messages show no sender from the deletion on, as they will once unlinked. Only
    /// for rows with a sender: `NULL NOT IN (...)` is NULL while anyone is being deleted.
    static let messageOfLiveSender = "sender_id NOT IN (SELECT id FROM users WHERE deleted_at IS NOT NULL)"

    /// Whether the user sent more than `count` messages.
    func hasMessages(moreThan count: Int, sentBy userRowID: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) > ? FROM (SELECT 1 FROM messages WHERE sender_id = ? LIMIT ?) AS sent"),
            arguments: [count, userRowID, count + 1]
        ) ?? false
    }

    /// Takes a user out of every client's sight, leaving only their row and their messages'
    /// link to it: every reference but the messages' goes as the foreign keys say, and the row
    /// takes a user id no request can name (longer than any user id may be, with a random
    /// part), which frees theirs at once.
    func retire(rowID: Int64, token: String, at time: Int64, in db: Database) throws {
        for reference in Self.referencesTakenAtOnce {
            let sql = reference.keepsRow
                ? "UPDATE \(reference.table) SET \(reference.column) = NULL WHERE \(reference.column) = ?"
                : "DELETE FROM \(reference.table) WHERE \(reference.column) = ?"
            try db.execute(sql: sql, arguments: [rowID])
        }
        let retiredID = "deleted:\(rowID):\(token):" + String(repeating: "-", count: UserRules.maxUserIDLength)
        try db.execute(
            sql: """
                UPDATE users SET user_id = ?, nickname = '', profile_url = '', access_token = NULL, discovery_keys = '[]',
                    preferred_languages = '[]', open_streams = 0, deleted_at = ?
                WHERE id = ?
                """,
            arguments: [retiredID, time, rowID]
        )
    }

    /// Up to `limit` of the messages still linked to a user being deleted, in the sender
    /// index's order; nil once the user is no longer being deleted (the row is gone).
    func messagesToUnlink(from userRowID: Int64, limit: Int, in db: Database) throws -> [Int64]? {
        let deleting = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT deleted_at IS NOT NULL FROM users WHERE id = ?"), arguments: [userRowID]
        ) ?? false
        guard deleting else { return nil }
        return try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM messages WHERE sender_id = ? ORDER BY \(MessageRepository.senderIndexOrder) LIMIT ?"), arguments: [userRowID, limit]
        )
    }

    /// Leaves these messages of the user without a sender, as deleting the user would.
    func unlink(_ messageIDs: [Int64], from userRowID: Int64, in db: Database) throws {
        guard !messageIDs.isEmpty else { return }
        let list = SQL.ValueList(messageIDs)
        try db.execute(
            sql: "UPDATE messages SET sender_id = NULL WHERE sender_id = ? AND id IN (\(list.placeholders))",
            arguments: StatementArguments([userRowID]) + list.arguments
        )
    }

    /// Deletes a user's row, with whatever still names it.
    func delete(rowID: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [rowID])
    }
}

extension DeletedUserRepository.Reference {
    /// `"table.column"`.
    init(_ name: String, keepsRow: Bool) {
        let parts = name.split(separator: ".").map(String.init)
        self.init(table: parts[0], column: parts[1], keepsRow: keepsRow)
    }
}
