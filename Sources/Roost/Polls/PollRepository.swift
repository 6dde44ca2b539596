/// The polls, poll_options and poll_votes tables. Every method runs inside the caller's
/// transaction.
struct PollRepository: Sendable {
    private static let columns = PollRecord.Columns.qualified(by: "polls")
    private static let optionColumns = """
        o.id, o.poll_id, o.text, o.created_by, o.created_at, o.updated_at,
        (SELECT COUNT(*) FROM poll_votes v WHERE v.option_id = o.id) AS vote_count
        """

    func insert(_ poll: PollRecord, in db: Database) throws -> Int64 {
        try db.insert(
            sql: """
                INSERT INTO polls (title, data, status, allow_user_suggestion, allow_multiple_votes, close_at, created_by, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                poll.title, poll.data, poll.status.rawValue, poll.allowUserSuggestion, poll.allowMultipleVotes, poll.closeAt,
                poll.createdBy, poll.createdAt, poll.updatedAt,
            ]
        )
    }

    func save(_ poll: PollRecord, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE polls SET title = ?, data = ?, status = ?, allow_user_suggestion = ?, allow_multiple_votes = ?, close_at = ?,
                    created_by = ?, updated_at = ?, message_id = ?, channel_id = ?
                WHERE id = ?
                """,
            arguments: [
                poll.title, poll.data, poll.status.rawValue, poll.allowUserSuggestion, poll.allowMultipleVotes, poll.closeAt,
                poll.createdBy, poll.updatedAt, poll.messageID, poll.channelID, poll.id,
            ]
        )
    }

    func find(_ id: Int64, in db: Database) throws -> PollRecord? {
        try PollRecord.fetchOne(db.cachedStatement(sql: "SELECT \(Self.columns) FROM polls WHERE id = ?"), arguments: [id])
    }

    func find(ids: [Int64], in db: Database) throws -> [Int64: PollRecord] {
        guard !ids.isEmpty else { return [:] }
        let list = SQL.ValueList(ids)
        let polls = try PollRecord.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM polls WHERE id IN (\(list.placeholders))"), arguments: list.arguments
        )
        return Dictionary(polls.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Deletes a poll with its options and votes, and takes it off its message.
    func delete(_ poll: PollRecord, in db: Database) throws {
        if let messageID = poll.messageID {
            try db.executeCached(sql: "UPDATE messages SET poll_id = NULL WHERE id = ?", arguments: [messageID])
        }
        try db.executeCached(sql: "DELETE FROM polls WHERE id = ?", arguments: [poll.id])
    }

    /// One page of polls by id, all of them or those sent in one channel.
    func page(inChannel channelID: Int64?, after: Int64?, limit: Int, in db: Database) throws -> [PollRecord] {
        var conditions = Conditions()
        if let channelID { conditions.add("polls.channel_id = ?", [channelID]) }
        if let after { conditions.add("polls.id > ?", [after]) }
        return try PollRecord.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM polls \(conditions.whereClause) ORDER BY polls.id LIMIT ?"),
            arguments: conditions.arguments + [limit]
        )
    }

    // MARK: Options

    func addOption(_ text: String, to pollID: Int64, by userRowID: Int64?, at time: Int64, in db: Database) throws -> Int64 {
        try db.insert(
            sql: "INSERT INTO poll_options (poll_id, text, created_by, created_at) VALUES (?, ?, ?, ?)",
            arguments: [pollID, text, userRowID, time]
        )
    }

    func updateOption(_ optionID: Int64, text: String, by userRowID: Int64?, at time: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE poll_options SET text = ?, created_by = COALESCE(?, created_by), updated_at = ? WHERE id = ?",
            arguments: [text, userRowID, time, optionID]
        )
    }

    func deleteOption(_ optionID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM poll_options WHERE id = ?", arguments: [optionID])
    }

    func options(ofPolls pollIDs: [Int64], in db: Database) throws -> [Int64: [PollOptionRecord]] {
        guard !pollIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(pollIDs)
        let options = try PollOptionRecord.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.optionColumns) FROM poll_options o WHERE o.poll_id IN (\(list.placeholders)) ORDER BY o.id"),
            arguments: list.arguments
        )
        return Dictionary(grouping: options, by: \.pollID)
    }

    // MARK: Votes

    /// Replaces a user's votes in a poll with votes for `optionIDs` (none cancels them).
    func replaceVotes(of userRowID: Int64, in pollID: Int64, with optionIDs: [Int64], at time: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM poll_votes WHERE poll_id = ? AND user_id = ?", arguments: [pollID, userRowID])
        for optionID in optionIDs {
            try db.executeCached(
                sql: "INSERT INTO poll_votes (option_id, user_id, poll_id, voted_at) VALUES (?, ?, ?, ?)",
                arguments: [optionID, userRowID, pollID, time]
            )
        }
    }

    func votedOptions(of userRowID: Int64, in pollIDs: [Int64], in db: Database) throws -> [Int64: [Int64]] {
        guard !pollIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(pollIDs)
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT poll_id, option_id FROM poll_votes WHERE user_id = ? AND poll_id IN (\(list.placeholders)) ORDER BY option_id"),
            arguments: [userRowID] + list.arguments
        )
        return Dictionary(grouping: rows, by: { $0["poll_id"] as Int64 }).mapValues { $0.map { $0["option_id"] as Int64 } }
    }

    /// How many users voted in each poll.
    func voterCounts(ofPolls pollIDs: [Int64], in db: Database) throws -> [Int64: Int] {
        guard !pollIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(pollIDs)
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT poll_id, COUNT(DISTINCT user_id) AS voters FROM poll_votes WHERE poll_id IN (\(list.placeholders)) GROUP BY poll_id"),
            arguments: list.arguments
        )
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["poll_id"], $0["voters"]) })
    }

    /// One page of an option's voters by user row id, the earliest user first.
    func voters(of optionID: Int64, after: Int64?, limit: Int, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT user_id FROM poll_votes WHERE option_id = ? AND user_id > ? ORDER BY user_id LIMIT ?"),
            arguments: [optionID, after ?? 0, limit]
        )
    }
}
