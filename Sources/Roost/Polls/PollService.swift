/// Polls: created on their own, sent in a group channel as a user message's `poll_id`,
/// voted on (each vote is a user's whole choice), closed by hand or at `close_at` by the
/// scheduler; a closed poll takes no votes and no option changes.
struct PollService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    private let polls = PollRepository()
    private let assembler = PollAssembler()
    private let users = UserRepository()
    private let channels = ChannelRepository()
    private let jobs = ScheduledJobRepository()

    static let maxTitleLength = 2_048
    /// Sendbird's update page allows a shorter title than its create page.
    static let maxUpdatedTitleLength = 2_000
    static let maxOptionLength = 2_000
    static let maxOptions = 20
    static let closeJobKind = "poll_close"

    func create(_ request: PollRequest) async throws -> Poll {
        guard let title = request.title, !title.isEmpty else { throw APIError.missing("title") }
        guard title.count <= Self.maxTitleLength else { throw APIError.tooLong("title", max: Self.maxTitleLength) }
        guard let options = request.options else { throw APIError.missing("options") }
        guard !options.isEmpty else { throw APIError.invalid("options", "A poll needs at least one option.") }
        guard options.count <= Self.maxOptions else { throw APIError.tooManyItems("options", max: Self.maxOptions) }
        for text in options { try Self.checkOptionText(text) }
        let now = clock.now / 1000
        let closeAt = try Self.checkedCloseAt(request.closeAt ?? -1, now: now)
        let data = try Self.checkedData(request.data) ?? "{}"
        return try await database.write { db in
            let creator = try request.createdBy.map { try users.existingRowID(of: $0, in: db) }
            var record = PollRecord(
                title: title, data: data, allowUserSuggestion: request.allowUserSuggestion ?? false,
                allowMultipleVotes: request.allowMultipleVotes ?? false, closeAt: closeAt, createdBy: creator, at: now
            )
            record.id = try polls.insert(record, in: db)
            for text in options { _ = try polls.addOption(text, to: record.id, by: creator, at: now, in: db) }
            try scheduleClose(record, in: db)
            return try assembler.poll(record, in: db)
        }
    }

    func list(channelURL: String?, channelType: ChannelType?, page request: PageRequest) async throws -> Page<Poll> {
        if (channelURL == nil) != (channelType == nil) { throw APIError.missing(channelURL == nil ? "channel_url" : "channel_type") }
        let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
        return try await database.read { db in
            var channelID: Int64?
            if let channelURL, let channelType {
                channelID = try channels.existing(channelType, url: channelURL, in: db).rowID
            }
            let fetched = try polls.page(inChannel: channelID, after: after, limit: request.fetchLimit, in: db)
            return try Page(fetched: fetched, request: request) { PageCursor([String($0.id)]) }
                .mapItems { try assembler.polls($0, in: db) }
        }
    }

    func poll(_ id: Int64, viewerID: String?, partialVoters: Bool) async throws -> Poll {
        try await database.read { db in
            let viewer = try viewerID.map { try users.existingRowID(of: $0, in: db) }
            return try assembler.poll(try existing(id, in: db), viewer: viewer, partialVoters: partialVoters, in: db)
        }
    }

    func update(_ id: Int64, _ change: PollRequest) async throws -> Poll {
        if let title = change.title {
            guard !title.isEmpty else { throw APIError.missing("title") }
            guard title.count <= Self.maxUpdatedTitleLength else { throw APIError.tooLong("title", max: Self.maxUpdatedTitleLength) }
        }
        let now = clock.now / 1000
        let data = try Self.checkedData(change.data)
        return try await database.write { db in
            var record = try existing(id, in: db)
            if let title = change.title { record.title = title }
            if let data { record.data = data }
            if let allow = change.allowUserSuggestion { record.allowUserSuggestion = allow }
            if let allow = change.allowMultipleVotes { record.allowMultipleVotes = allow }
            if let closeAt = change.closeAt {
                try Self.checkOpen(record)
                record.closeAt = try Self.checkedCloseAt(closeAt, now: now)
            }
            if let creator = change.createdBy { record.createdBy = try users.existingRowID(of: creator, in: db) }
            record.updatedAt = now
            try polls.save(record, in: db)
            try scheduleClose(record, in: db)
            return try assembler.poll(record, in: db)
        }
    }

    func close(_ id: Int64) async throws -> Poll {
        let now = clock.now / 1000
        return try await database.write { db in
            var record = try existing(id, in: db)
            try Self.checkOpen(record)
            try close(&record, at: now, in: db)
            return try assembler.poll(record, in: db)
        }
    }

    func delete(_ id: Int64) async throws {
        try await database.write { db in
            try polls.delete(try existing(id, in: db), in: db)
            try jobs.cancel(Self.closeJobKind, for: id, in: db)
        }
    }

    // MARK: Options

    func addOption(to id: Int64, _ request: PollOptionRequest) async throws -> Poll {
        guard let text = request.text else { throw APIError.missing("text") }
        try Self.checkOptionText(text)
        let now = clock.now / 1000
        return try await database.write { db in
            let record = try existing(id, in: db)
            try Self.checkOpen(record)
            let author = try request.createdBy.map { try users.existingRowID(of: $0, in: db) }
            if let author, author != record.createdBy, !record.allowUserSuggestion {
                throw APIError(code: 400108, message: "Only the poll's creator may add options while allow_user_suggestion is off.")
            }
            guard try polls.options(ofPolls: [id], in: db)[id, default: []].count < Self.maxOptions else {
                throw APIError.tooManyItems("options", max: Self.maxOptions)
            }
            _ = try polls.addOption(text, to: id, by: author, at: now, in: db)
            return try assembler.poll(record, in: db)
        }
    }

    func option(_ optionID: Int64, of id: Int64) async throws -> Poll.Option {
        try await database.read { db in
            let poll = try assembler.poll(try existing(id, in: db), in: db)
            guard let option = poll.options?.first(where: { $0.id == optionID }) else { throw APIError.notFound("Poll option") }
            return option
        }
    }

    func updateOption(_ optionID: Int64, of id: Int64, _ request: PollOptionRequest) async throws -> Poll {
        guard let text = request.text else { throw APIError.missing("text") }
        try Self.checkOptionText(text)
        let now = clock.now / 1000
        return try await database.write { db in
            let record = try existing(id, in: db)
            try Self.checkOpen(record)
            try existingOption(optionID, of: id, in: db)
            let author = try request.createdBy.map { try users.existingRowID(of: $0, in: db) }
            try polls.updateOption(optionID, text: text, by: author, at: now, in: db)
            return try assembler.poll(record, in: db)
        }
    }

    func deleteOption(_ optionID: Int64, of id: Int64) async throws {
        try await database.write { db in
            let record = try existing(id, in: db)
            try Self.checkOpen(record)
            try existingOption(optionID, of: id, in: db)
            guard try polls.options(ofPolls: [id], in: db)[id, default: []].count > 1 else {
                throw APIError.invalid("option_id", "A poll keeps at least one option.")
            }
            try polls.deleteOption(optionID, in: db)
        }
    }

    // MARK: Votes

    /// Sets a user's whole choice in an open poll; no options cancels their votes.
    func vote(in id: Int64, _ request: PollVoteRequest) async throws -> Poll {
        guard let userID = request.userID, !userID.isEmpty else { throw APIError.missing("user_id") }
        guard let optionIDs = request.optionIDs else { throw APIError.missing("option_ids") }
        let chosen = Array(Set(optionIDs)).sorted()
        let now = clock.now / 1000
        return try await database.write { db in
            let record = try existing(id, in: db)
            try Self.checkOpen(record)
            let voter = try users.existingRowID(of: userID, in: db)
            guard chosen.count <= 1 || record.allowMultipleVotes else {
                throw APIError.invalid("option_ids", "This poll takes one vote per user (allow_multiple_votes is off).")
            }
            let valid = Set(try polls.options(ofPolls: [id], in: db)[id, default: []].map(\.id))
            if let unknown = chosen.first(where: { !valid.contains($0) }) { throw APIError.notFound("Poll option \(unknown)") }
            try polls.replaceVotes(of: voter, in: id, with: chosen, at: now, in: db)
            return try assembler.poll(record, viewer: voter, in: db)
        }
    }

    func voters(of optionID: Int64, in id: Int64, page request: PageRequest) async throws -> (voteCount: Int, page: Page<UserSummary>) {
        let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
        return try await database.read { db in
            _ = try existing(id, in: db)
            let option = try existingOption(optionID, of: id, in: db)
            let fetched = try polls.voters(of: optionID, after: after, limit: request.fetchLimit, in: db)
            let summaries = try users.summaries(ofRows: fetched, in: db)
            let page = Page(fetched: fetched, request: request) { PageCursor([String($0)]) }.mapItems { $0.compactMap { summaries[$0] } }
            return (option.voteCount, page)
        }
    }

    // MARK: Rules

    /// The scheduler's side: an open poll whose `close_at` has come is closed.
    func runClose(_ job: ScheduledJob, at now: Int64, in db: Database) throws -> JobOutcome {
        guard let id = job.subjectID, var record = try polls.find(id, in: db), record.status == .open else { return .done }
        try close(&record, at: now / 1000, in: db)
        return .done
    }

    /// Closes a poll in the caller's transaction: the scheduler's job does this at `close_at`.
    func close(_ record: inout PollRecord, at now: Int64, in db: Database) throws {
        record.status = .closed
        record.closeAt = now
        record.updatedAt = now
        try polls.save(record, in: db)
        try jobs.cancel(Self.closeJobKind, for: record.id, in: db)
    }

    private func scheduleClose(_ record: PollRecord, in db: Database) throws {
        if record.status == .open, record.closeAt > 0 {
            try jobs.schedule(Self.closeJobKind, for: record.id, at: record.closeAt * 1000, in: db)
        } else {
            try jobs.cancel(Self.closeJobKind, for: record.id, in: db)
        }
    }

    private func existing(_ id: Int64, in db: Database) throws -> PollRecord {
        guard let record = try polls.find(id, in: db) else { throw APIError.notFound("Poll") }
        return record
    }

    @discardableResult
    private func existingOption(_ optionID: Int64, of id: Int64, in db: Database) throws -> PollOptionRecord {
        guard let option = try polls.options(ofPolls: [id], in: db)[id]?.first(where: { $0.id == optionID }) else {
            throw APIError.notFound("Poll option")
        }
        return option
    }


    private static func checkOpen(_ record: PollRecord) throws(APIError) {
        guard record.status == .open else { throw .invalid("poll_id", "The poll is closed.") }
    }

    private static func checkOptionText(_ text: String) throws(APIError) {
        guard !text.isEmpty else { throw .missing("text") }
        guard text.count <= maxOptionLength else { throw .tooLong("text", max: maxOptionLength) }
    }

    /// A later `close_at` (Unix seconds) could not be scheduled in milliseconds.
    static let latestCloseAt = WallClock.latestTime / 1000

    /// -1 (never), or a time in Unix seconds still to come.
    private static func checkedCloseAt(_ closeAt: Int64, now: Int64) throws(APIError) -> Int64 {
        guard closeAt == -1 || (closeAt > now && closeAt <= latestCloseAt) else {
            throw .invalid("close_at", "Give -1 or a time (Unix seconds) still to come, before the year 10000.")
        }
        return closeAt
    }

    /// `data` as stored: a JSON object's text.
    private static func checkedData(_ data: AnyJSON?) throws(APIError) -> String? {
        guard let data else { return nil }
        guard data.isObject else { throw .unexpectedType("data", expected: .object) }
        return JSONColumn.encode(data)
    }
}
