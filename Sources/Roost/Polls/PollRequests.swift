/// The body of `POST /v3/polls`, and of `PUT /v3/polls/{poll_id}` (where `options` is not
/// taken: options change through their own routes).
struct PollRequest: Decodable, Sendable {
    var title: String?
    var options: [String]?
    var allowUserSuggestion: Bool?
    var allowMultipleVotes: Bool?
    var closeAt: Int64?
    var createdBy: String?
    var data: AnyJSON?

    enum CodingKeys: String, CodingKey {
        case title, options, allowUserSuggestion = "allow_user_suggestion", allowMultipleVotes = "allow_multiple_votes"
        case closeAt = "close_at", createdBy = "created_by", data
    }
}

/// The body of adding or changing an option.
struct PollOptionRequest: Decodable, Sendable {
    var text: String?
    var createdBy: String?

    enum CodingKeys: String, CodingKey { case text, createdBy = "created_by" }
}

/// The body of a vote: the user's whole choice (none cancels their votes).
struct PollVoteRequest: Decodable, Sendable {
    var userID: String?
    var optionIDs: [Int64]?

    enum CodingKeys: String, CodingKey { case userID = "user_id", optionIDs = "option_ids" }
}
