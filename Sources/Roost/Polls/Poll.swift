import Hummingbird

/// A poll as Sendbird answers it: flat, with its options and their vote counts, times in
/// seconds; for a voter, the options they chose. In a message, without
/// `include_poll_details`, only its summary.
struct Poll: ResponseEncodable, JSONObject, Sendable {
    let record: PollRecord
    let creator: String
    let options: [Option]
    let voterCount: Int
    var votedOptionIDs: [Int64]?
    var summaryOnly = false

    struct Option: ResponseEncodable, JSONObject, Sendable {
        let record: PollOptionRecord
        let creator: String
        /// Up to ten voters, when asked for.
        var partialVoters: [UserSummary]?

        func write(to fields: inout JSONFields) throws {
            try fields.write("id", record.id)
            try fields.write("poll_id", record.pollID)
            try fields.write("text", record.text)
            try fields.write("vote_count", record.voteCount)
            try fields.write("created_by", creator)
            try fields.write("created_at", record.createdAt)
            try fields.write("updated_at", record.updatedAt)
            if let partialVoters { try fields.write("partial_voter_list", partialVoters.map(EventUser.init)) }
        }
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("id", record.id)
        try fields.write("title", record.title)
        try fields.write("close_at", record.closeAt)
        try fields.write("created_at", record.createdAt)
        try fields.write("updated_at", record.updatedAt)
        try fields.write("status", record.status.rawValue)
        try fields.write("message_id", record.messageID)
        guard !summaryOnly else { return }
        try fields.write("data", RawJSON(record.data))
        try fields.write("allow_user_suggestion", record.allowUserSuggestion)
        try fields.write("allow_multiple_votes", record.allowMultipleVotes)
        try fields.write("created_by", creator)
        try fields.write("voter_count", voterCount)
        try fields.write("options", options)
        if let votedOptionIDs { try fields.write("voted_option_ids", votedOptionIDs) }
    }
}

struct PollList: ResponseEncodable, JSONObject {
    let page: Page<Poll>

    func write(to fields: inout JSONFields) throws {
        try fields.write("polls", page.items)
        try fields.write("next", page.next)
    }
}

struct PollVoterList: ResponseEncodable, JSONObject {
    let voteCount: Int
    let page: Page<UserSummary>

    func write(to fields: inout JSONFields) throws {
        try fields.write("vote_count", voteCount)
        try fields.write("voters", page.items.map(EventUser.init))
        try fields.write("next", page.next)
    }
}
