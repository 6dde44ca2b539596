import Foundation

enum PollStatus: String, Sendable {
    case open, closed
}

/// A row of the polls table.
struct PollRecord: Sendable, FetchableRecord {
    var id: Int64
    var title: String
    /// Free-form JSON object text.
    var data: String
    var status: PollStatus
    var allowUserSuggestion: Bool
    var allowMultipleVotes: Bool
    /// Unix seconds; -1: never by itself.
    var closeAt: Int64
    var createdBy: Int64?
    var createdAt: Int64
    var updatedAt: Int64
    var messageID: Int64?
    var channelID: Int64?

    enum Columns: Int, TableColumns {
        case id, title, data, status, allow_user_suggestion, allow_multiple_votes, close_at, created_by, created_at, updated_at
        case message_id, channel_id
    }

    init(row: Row) {
        id = row[Columns.id]
        title = row[Columns.title]
        data = row[Columns.data]
        status = PollStatus(rawValue: row[Columns.status]) ?? .open
        allowUserSuggestion = row[Columns.allow_user_suggestion]
        allowMultipleVotes = row[Columns.allow_multiple_votes]
        closeAt = row[Columns.close_at]
        createdBy = row[Columns.created_by]
        createdAt = row[Columns.created_at]
        updatedAt = row[Columns.updated_at]
        messageID = row[Columns.message_id]
        channelID = row[Columns.channel_id]
    }

    init(title: String, data: String, allowUserSuggestion: Bool, allowMultipleVotes: Bool, closeAt: Int64, createdBy: Int64?, at time: Int64) {
        id = 0
        self.title = title
        self.data = data
        status = .open
        self.allowUserSuggestion = allowUserSuggestion
        self.allowMultipleVotes = allowMultipleVotes
        self.closeAt = closeAt
        self.createdBy = createdBy
        createdAt = time
        updatedAt = 0
    }
}

/// A row of poll_options, with how many votes it has.
struct PollOptionRecord: Sendable, FetchableRecord {
    var id: Int64
    var pollID: Int64
    var text: String
    var createdBy: Int64?
    var createdAt: Int64
    var updatedAt: Int64
    var voteCount: Int

    init(row: Row) {
        id = row["id"]
        pollID = row["poll_id"]
        text = row["text"]
        createdBy = row["created_by"]
        createdAt = row["created_at"]
        updatedAt = row["updated_at"]
        voteCount = row["vote_count"]
    }
}
