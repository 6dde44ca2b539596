/// Builds polls as answers show them, for any number at once: options with vote counts,
/// creators' user ids, voter counts, a voter's own choices and, when asked, up to ten voters
/// of each option.
struct PollAssembler: Sendable {
    private let polls = PollRepository()
    private let users = UserRepository()

    static let partialVotersLimit = 10

    func polls(_ records: [PollRecord], viewer: Int64? = nil, partialVoters: Bool = false, in db: Database) throws -> [Poll] {
        let ids = records.map(\.id)
        let options = try polls.options(ofPolls: ids, in: db)
        let voterCounts = try polls.voterCounts(ofPolls: ids, in: db)
        let voted = try viewer.map { try polls.votedOptions(of: $0, in: ids, in: db) }
        var voters: [Int64: [Int64]] = [:]
        if partialVoters {
            for option in options.values.joined() {
                voters[option.id] = try polls.voters(of: option.id, after: nil, limit: Self.partialVotersLimit, in: db)
            }
        }
        var userRowIDs = Set(records.compactMap(\.createdBy))
        options.values.joined().forEach { if let creator = $0.createdBy { userRowIDs.insert(creator) } }
        voters.values.forEach { userRowIDs.formUnion($0) }
        let summaries = try users.summaries(ofRows: userRowIDs, in: db)
        func userID(_ rowID: Int64?) -> String { rowID.flatMap { summaries[$0]?.userID } ?? "" }
        return records.map { record in
            Poll(
                record: record,
                creator: userID(record.createdBy),
                options: (options[record.id] ?? []).map { option in
                    Poll.Option(
                        record: option, creator: userID(option.createdBy),
                        partialVoters: partialVoters ? (voters[option.id] ?? []).compactMap { summaries[$0] } : nil
                    )
                },
                voterCount: voterCounts[record.id] ?? 0,
                votedOptionIDs: voted.map { $0[record.id] ?? [] }
            )
        }
    }

    func poll(_ record: PollRecord, viewer: Int64? = nil, partialVoters: Bool = false, in db: Database) throws -> Poll {
        try polls([record], viewer: viewer, partialVoters: partialVoters, in: db)[0]
    }
}
