/// Messages sent later: created with a time between five minutes and thirty days ahead,
/// changed or canceled while pending, and sent by the scheduler (or at once, on request)
/// through the normal send path, so that every rule of a send (membership, bans, mutes,
/// freezes, the filters) and every effect and event applies when it goes. One that a rule
/// refuses then is `failed`, with the error the send met.
struct ScheduledMessageService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let messages: MessageService
    private let scheduled = ScheduledMessageRepository()
    private let jobs = ScheduledJobRepository()
    private let channels = ChannelRepository()
    private let members = MemberRepository()
    private let users = UserRepository()

    static let jobKind = "scheduled_message"
    static let minimumLead: Int64 = 5 * 60_000
    static let maximumLead: Int64 = 30 * 24 * 3_600_000

    func create(in url: String, _ request: SendMessageRequest, scheduledAt: Int64?) async throws -> ScheduledMessage {
        guard let type = request.messageType else { throw APIError.missing("message_type") }
        try MessageService.check(request, as: type)
        // Sendbird's polls page: scheduled messages carry no polls.
        guard request.pollID == nil else { throw APIError.invalid("poll_id", "A scheduled message cannot carry a poll.") }
        let now = clock.now
        let time = try Self.checkedTime(scheduledAt, now: now)
        return try await database.write { db in
            let channel = try channels.existing(.group, url: url, in: db)
            let sender = try sender(of: request, as: type, in: channel, in: db)
            var record = ScheduledMessageRecord(channelID: channel.rowID, senderRowID: sender, request: request, scheduledAt: time, at: now)
            record.id = try scheduled.insert(record, in: db)
            try jobs.schedule(Self.jobKind, for: record.id, at: time, in: db)
            return try answer(record, in: channel, in: db)
        }
    }

    func scheduledMessage(_ id: Int64, in url: String) async throws -> ScheduledMessage {
        try await database.read { db in
            let (channel, record) = try existing(id, in: url, in: db)
            return try answer(record, in: channel, in: db)
        }
    }

    /// Who lists, and what: `sender_id`, `channel_url`, statuses and message type narrow it.
    struct ListQuery: Sendable {
        var channelURL: String?
        var channelType: ChannelType?
        var senderID: String?
        var statuses: [ScheduledStatus]?
        var messageType: MessageType?
        var order = ScheduledMessageOrder.createdAt
        var reverse = false
    }

    func list(_ query: ListQuery, page request: PageRequest) async throws -> Page<ScheduledMessage> {
        let after = try request.after.map { cursor throws(APIError) in (try cursor.integer(at: 0), try cursor.integer(at: 1)) }
        return try await database.read { db in
            guard let filter = try filter(query, in: db) else { return Page(fetched: [], request: request) { _ in PageCursor([]) } }
            let fetched = try scheduled.page(filter, order: query.order, reverse: query.reverse, after: after, limit: request.fetchLimit, in: db)
            let page = Page(fetched: fetched, request: request) { record in
                PageCursor([String(query.order == .createdAt ? record.createdAt : record.scheduledAt), String(record.id)])
            }
            return try page.mapItems { records in
                try records.map { record in try answer(record, in: try channels.existing(rowID: record.channelID, in: db), in: db) }
            }
        }
    }

    func count(_ query: ListQuery) async throws -> Int {
        try await database.read { db in
            guard let filter = try filter(query, in: db) else { return 0 }
            return try scheduled.count(filter, in: db)
        }
    }

    /// Changes a pending message's fields (not its type); its time may move within the same
    /// window, and no change is taken in the last five minutes before it is due.
    func update(_ id: Int64, in url: String, _ change: SendMessageRequest, scheduledAt: Int64?) async throws -> ScheduledMessage {
        let now = clock.now
        let newTime = try scheduledAt.map { time throws(APIError) in try Self.checkedTime(time, now: now) }
        return try await database.write { db in
            var (channel, record) = try existing(id, in: url, in: db)
            try Self.checkPending(record)
            guard now <= record.scheduledAt - Self.minimumLead else {
                throw APIError.invalid("scheduled_at", "A scheduled message cannot change in the last 5 minutes before it is sent.")
            }
            if let type = change.messageType, type != record.type {
                throw APIError.invalid("message_type", "The type of a scheduled message cannot change.")
            }
            var request = record.request
            Self.merge(change, into: &request)
            try MessageService.check(request, as: record.type)
            if change.mentionedUserIDs != nil || change.userID != nil { _ = try sender(of: request, as: record.type, in: channel, in: db) }
            record.request = request
            if let newTime { record.scheduledAt = newTime }
            record.updatedAt = now
            try scheduled.save(record, in: db)
            try jobs.schedule(Self.jobKind, for: record.id, at: record.scheduledAt, in: db)
            channel = try channels.find(rowID: channel.rowID, in: db) ?? channel
            return try answer(record, in: channel, in: db)
        }
    }

    func cancel(_ id: Int64, in url: String) async throws {
        let now = clock.now
        try await database.write { db in
            var (_, record) = try existing(id, in: url, in: db)
            try Self.checkPending(record)
            record.status = .canceled
            record.updatedAt = now
            try scheduled.save(record, in: db)
            try jobs.cancel(Self.jobKind, for: record.id, in: db)
        }
    }

    /// Sends a pending message now. If a rule refuses it, it is `failed` and the caller
    /// hears the error.
    func sendNow(_ id: Int64, in type: ChannelType, _ url: String) async throws {
        guard type == .group else { throw APIError.notFound("Scheduled message") }
        let now = clock.now
        let failure: APIError? = try await database.write { db in
            let (_, record) = try existing(id, in: url, in: db)
            try Self.checkPending(record)
            try jobs.cancel(Self.jobKind, for: record.id, in: db)
            return try send(record, at: now, in: db)
        }
        if let failure { throw failure }
    }

    // MARK: Sending

    /// The scheduler's side: a pending message whose time has come is sent.
    func run(_ job: ScheduledJob, at now: Int64, in db: Database) throws -> JobOutcome {
        guard let id = job.subjectID, let record = try scheduled.find(id, in: db), record.status == .pending else { return .done }
        _ = try send(record, at: now, in: db)
        return .done
    }

    /// Sends the message through the normal send path in a savepoint, and records what came
    /// of it; answers the error that refused it, if one did.
    func send(_ record: ScheduledMessageRecord, at now: Int64, in db: Database) throws -> APIError? {
        var record = record
        var failure: APIError?
        if let channel = try channels.find(rowID: record.channelID, in: db) {
            do {
                var request = record.request
                request.createdAt = nil
                var sentID: Int64 = 0
                try db.inSavepoint {
                    sentID = try messages.sendInTransaction(request, to: channel, at: now, in: db).record.id
                    return .commit
                }
                record.status = .sent
                record.sentAt = now
                record.messageID = sentID
            } catch let error as APIError {
                failure = error
            }
        } else {
            failure = .notFound("Channel")
        }
        if let failure {
            record.status = .failed
            record.errorCode = failure.code
            record.errorMessage = failure.message
        }
        record.updatedAt = now
        try scheduled.save(record, in: db)
        return failure
    }

    // MARK: Rules

    private func existing(_ id: Int64, in url: String, in db: Database) throws -> (ChannelRecord, ScheduledMessageRecord) {
        let channel = try channels.existing(.group, url: url, in: db)
        guard let record = try scheduled.find(id, in: db), record.channelID == channel.rowID else {
            throw APIError.notFound("Scheduled message")
        }
        return (channel, record)
    }

    /// The sender a message will have: a member of the channel (admin messages have none).
    private func sender(of request: SendMessageRequest, as type: MessageType, in channel: ChannelRecord, in db: Database) throws -> Int64? {
        guard type != .admin else { return nil }
        guard let userID = request.userID, !userID.isEmpty else { throw APIError.missing("user_id") }
        let sender = try users.existingRowID(of: userID, in: db)
        guard try members.hasJoined(channelID: channel.rowID, userRowID: sender, in: db) else {
            throw APIError.senderNotMember
        }
        return sender
    }

    private func filter(_ query: ListQuery, in db: Database) throws -> ScheduledMessageFilter? {
        // Only group channels have scheduled messages.
        if query.channelType == .open { return nil }
        var filter = ScheduledMessageFilter(statuses: query.statuses, messageType: query.messageType)
        if let url = query.channelURL {
            guard let channel = try channels.find(.group, url: url, in: db) else { return nil }
            filter.channelID = channel.rowID
        }
        if let senderID = query.senderID {
            guard let sender = try users.rowID(of: senderID, in: db) else { return nil }
            filter.senderRowID = sender
        }
        return filter
    }

    private func answer(_ record: ScheduledMessageRecord, in channel: ChannelRecord, in db: Database) throws -> ScheduledMessage {
        let mentionedIDs = record.request.mentionedUserIDs ?? []
        let mentioned = try users.rowIDs(of: mentionedIDs, in: db)
        let summaries = try users.summaries(ofRows: Array(mentioned.values) + (record.senderRowID.map { [$0] } ?? []), in: db)
        return ScheduledMessage(
            record: record, channelURL: channel.url, sender: record.senderRowID.flatMap { summaries[$0] },
            mentioned: mentionedIDs.compactMap { mentioned[$0].flatMap { summaries[$0] } }
        )
    }


    /// A time within the window, to the second (Sendbird drops what is finer).
    private static func checkedTime(_ time: Int64?, now: Int64) throws(APIError) -> Int64 {
        guard let time else { throw .missing("scheduled_at") }
        guard time >= now + minimumLead, time <= now + maximumLead else {
            throw .invalid("scheduled_at", "Give a time between 5 minutes and 30 days from now.")
        }
        return time - time % 1000
    }

    private static func checkPending(_ record: ScheduledMessageRecord) throws(APIError) {
        guard record.status == .pending else {
            throw APIError(code: 400920, message: "The scheduled message is \(record.status.rawValue); only a pending one can change.")
        }
    }

    /// The fields a change gives replace those of the stored request.
    private static func merge(_ change: SendMessageRequest, into request: inout SendMessageRequest) {
        if let value = change.userID { request.userID = value }
        if let value = change.message { request.message = value }
        if let value = change.customType { request.customType = value }
        if let value = change.data { request.data = value }
        if let value = change.mentionType { request.mentionType = value }
        if let value = change.mentionedUserIDs { request.mentionedUserIDs = value }
        if let value = change.isSilent { request.isSilent = value }
        if let value = change.sortedMetaarray { request.sortedMetaarray = value }
        if let value = change.url { request.url = value }
        if let value = change.fileName { request.fileName = value }
        if let value = change.fileSize { request.fileSize = value }
        if let value = change.fileType { request.fileType = value }
        if let value = change.markAsRead { request.markAsRead = value }
        if let value = change.sendPush { request.sendPush = value }
    }
}
