import Hummingbird

/// A poll as Sendbird answers it: flat, with its options and their vote counts, times in
/// seconds; for a voter, the options they chose. In a message, without
/// `include_poll_details`, only its summary (the fields from `data` on are left out).
struct Poll: ResponseEncodable, Encodable, Sendable {
    struct Option: ResponseEncodable, Encodable, Sendable {
        let id: Int64
        let pollID: Int64
        let text: String
        let voteCount: Int
        let createdBy: String
        let createdAt: Int64
        let updatedAt: Int64
        /// Up to ten voters, when asked for.
        let partialVoterList: [EventUser]?

        enum CodingKeys: String, CodingKey {
            case id, pollID = "poll_id", text, voteCount = "vote_count", createdBy = "created_by", createdAt = "created_at"
            case updatedAt = "updated_at", partialVoterList = "partial_voter_list"
        }

        init(record: PollOptionRecord, creator: String, partialVoters: [UserSummary]?) {
            id = record.id
            pollID = record.pollID
            text = record.text
            voteCount = record.voteCount
            createdBy = creator
            createdAt = record.createdAt
            updatedAt = record.updatedAt
            partialVoterList = partialVoters?.map(EventUser.init)
        }
    }

    let id: Int64
    let title: String
    let closeAt: Int64
    let createdAt: Int64
    let updatedAt: Int64
    let status: String
    @Nullable var messageID: Int64?
    let data: RawJSON?
    let allowUserSuggestion: Bool?
    let allowMultipleVotes: Bool?
    let createdBy: String?
    let voterCount: Int?
    let options: [Option]?
    let votedOptionIDs: [Int64]?

    enum CodingKeys: String, CodingKey {
        case id, title, closeAt = "close_at", createdAt = "created_at", updatedAt = "updated_at", status, messageID = "message_id"
        case data, allowUserSuggestion = "allow_user_suggestion", allowMultipleVotes = "allow_multiple_votes"
        case createdBy = "created_by", voterCount = "voter_count", options, votedOptionIDs = "voted_option_ids"
    }

    /// The whole poll; `votedOptionIDs` for a voter only.
    init(record: PollRecord, creator: String, options: [Option], voterCount: Int, votedOptionIDs: [Int64]?) {
        self.init(record: record, details: (RawJSON(record.data), creator, voterCount, options), votedOptionIDs: votedOptionIDs)
    }

    /// Its summary alone, as a message without `include_poll_details` shows it.
    init(summaryOf record: PollRecord) {
        self.init(record: record, details: nil, votedOptionIDs: nil)
    }

    private init(record: PollRecord, details: (data: RawJSON, creator: String, voterCount: Int, options: [Option])?, votedOptionIDs: [Int64]?) {
        id = record.id
        title = record.title
        closeAt = record.closeAt
        createdAt = record.createdAt
        updatedAt = record.updatedAt
        status = record.status.rawValue
        messageID = record.messageID
        data = details?.data
        allowUserSuggestion = details.map { _ in record.allowUserSuggestion }
        allowMultipleVotes = details.map { _ in record.allowMultipleVotes }
        createdBy = details?.creator
        voterCount = details?.voterCount
        options = details?.options
        self.votedOptionIDs = votedOptionIDs
    }
}

struct PollList: ResponseEncodable, Encodable {
    let polls: [Poll]
    let next: String

    init(page: Page<Poll>) {
        polls = page.items
        next = page.next
    }
}

struct PollVoterList: ResponseEncodable, Encodable {
    let voteCount: Int
    let voters: [EventUser]
    let next: String

    enum CodingKeys: String, CodingKey { case voteCount = "vote_count", voters, next }

    init(voteCount: Int, page: Page<UserSummary>) {
        self.voteCount = voteCount
        voters = page.items.map(EventUser.init)
        self.next = page.next
    }
}
