/// The rules of messages: who may send where, what a new message changes (last message,
/// unread counts, read state, hidden channels, threads); history, edits and deletion are in
/// `MessageService+History.swift`.
struct MessageService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let moderation = ModerationSettingsRepository()
    let users = UserRepository()
    let channels = ChannelRepository()
    let members = MemberRepository()
    let operators = OperatorRepository()
    let standings = SenderStandingRepository()
    let messages = MessageRepository()
    let readState = ReadStateRepository()
    let blocks = BlockRepository()
    let assembler: MessageAssembler
    let lookup = MessageLookup()
    let floodLimit: FloodLimit
    let flood = FloodRepository()
    let events: MessageEvents
    let penalties: ProfanityPenalties
    let historyCache: HistoryCache
    /// Sends through the API asked for at the same time (`sendAll`).
    let sends: BatchedWrites<APISend, Message>
    /// The stamps of channels' kept history pages, read together for pages asked for at the same time.
    let historyStamps: BatchedReads<String, ChannelRepository.HistoryStamp>

    /// `userSummaries` keeps the users that pages of messages show between reads, `historyCache`
    /// channels' newest pages.
    init(
        database: AppDatabase, clock: WallClock, events: EventLog, floodLimit: FloodLimit = FloodLimit(perSecond: 0),
        departures: (any DepartureObserver)? = nil, userSummaries: UserSummaryCache, historyCache: HistoryCache
    ) {
        self.database = database
        assembler = MessageAssembler(users: UserRepository(cache: userSummaries))
        self.clock = clock
        self.events = MessageEvents(log: events)
        self.floodLimit = floodLimit
        self.penalties = ProfanityPenalties(events: events, departures: departures)
        self.historyCache = historyCache
        sends = BatchedWrites(database: database)
        historyStamps = BatchedReads(database: database) { [channels] urls in try channels.historyStamps(of: urls) }
    }

    // MARK: Send

    func send(to type: ChannelType, _ url: String, _ request: SendMessageRequest) async throws -> Message {
        // Required by Sendbird's page and by both official SDKs' models.
        guard let messageType = request.messageType else { throw APIError.missing("message_type") }
        try Self.check(request, as: messageType)
        do {
            let sent = try await send(to: type, url, request, as: messageType)
            return try await withPollDetails(sent, asked: request.includePollDetails == true)
        } catch let error as APIError where error == .blockedByProfanityFilter || error == .blockedByDomainFilter {
            // The message is refused; the block is an event of its own.
            try await database.write { db in
                guard let channel = try channels.find(type, url: url, in: db),
                      let sender = try request.userID.flatMap({ try users.rowID(of: $0, in: db) })
                else { return }
                let now = clock.now
                try events.profanityBlocked(request.message ?? "", by: sender, in: channel, at: now, in: db)
                if error == .blockedByProfanityFilter { try penalties.violation(by: sender, in: channel, at: now, in: db) }
            }
            throw error
        } catch let error as APIError where error == .rateLimited {
            // The message is refused, but the alert is an event of its own.
            try await database.write { db in
                guard let channel = try channels.find(type, url: url, in: db),
                      let sender = try request.userID.flatMap({ try users.rowID(of: $0, in: db) })
                else { return }
                try events.rateLimitExceeded(by: sender, in: channel, at: clock.now, in: db)
            }
            throw error
        }
    }

    /// The poll in full, for the sender's answer only, read after the write rather than inside
    /// it (its event carries the summary, as ever).
    private func withPollDetails(_ sent: Message, asked: Bool) async throws -> Message {
        guard asked, sent.poll != nil else { return sent }
        return try await database.read { db in
            let channel = try channels.existing(rowID: sent.record.channelID, in: db)
            return try assembler.message(sent.record, in: channel, options: MessageViewOptions(includePollDetails: true), in: db)
        }
    }

    /// A send checks its rules inside its write. Checking them on a reader first, and in the
    /// write only whether what they read had changed (a version per channel, sender and
    /// application, kept by triggers), freed about a third of the writer's time per send but
    /// cost 10 to 30% of the sends a second on this 2-core machine: the extra read transaction
    /// cost more than the writer time it saved, the writer being no longer what limits sends
    /// once unread counts and the search index left it (bench/RESULTS.md, issue 29).
    /// Sends asked for at the same time are written together (`sendAll`). A send's time is
    /// taken inside its write: on the one writer, a message is then never stamped before a write
    /// committed ahead of it (a member's read, which would otherwise count it read).
    private func send(to type: ChannelType, _ url: String, _ sent: SendMessageRequest, as messageType: MessageType) async throws -> Message {
        try await sends.write(APISend(type: type, url: url, request: sent, messageType: messageType)) { sends, db in
            try sendAll(sends, at: clock.now, in: db)
        }
    }

    /// Sends a message inside the caller's transaction, with every rule and effect of a send
    /// through the API: what the scheduler uses for messages that fall due. A message the
    /// filters block throws here without recording the block (the API's send does that).
    func sendInTransaction(_ request: SendMessageRequest, to channel: ChannelRecord, at now: Int64, in db: Database) throws -> Message {
        let messageType = request.messageType ?? .user
        try Self.check(request, as: messageType)
        return try send(request, as: messageType, to: channel, at: now, in: db)
    }

    func send(_ sent: SendMessageRequest, as messageType: MessageType, to channel: ChannelRecord, at now: Int64, in db: Database) throws -> Message {
        try send(sent, as: messageType, checked: try check(sent, as: messageType, in: channel, at: now, in: db), at: now, in: db)
    }

    /// What a send's rules found: who sends and how much they sent this second, the text after
    /// the filters, who is mentioned, and the users the answer shows.
    struct SendCheck: Sendable {
        let channel: ChannelRecord
        let sender: Int64?
        let sentWithinSecond: Int
        let senderIsOperator: Bool
        /// The text the filters left, when they replaced words.
        let filteredText: String?
        let mentioned: [Int64]
        let users: [Int64: UserSummary]
    }

    /// Checks a send's rules; it only reads.
    private func check(_ request: SendMessageRequest, as messageType: MessageType, in channel: ChannelRecord, at now: Int64, in db: Database) throws -> SendCheck {
        let standing = try sender(of: request, as: messageType, in: channel, at: now, in: db)
        let sender = standing?.sender
        // Admin messages go through no filter (they have no standing).
        let filtered = try standing.flatMap { try ModerationSettingsRepository.filtered(request.message ?? "", by: $0.filters) }
        var named = Set<Int64>()
        // In the order given: the first ten are the ones notified.
        let mentioned = try (request.mentionedUserIDs ?? []).compactMap { try users.rowID(of: $0, in: db) }.filter { named.insert($0).inserted }
        return SendCheck(
            channel: channel, sender: sender?.rowID, sentWithinSecond: standing?.sentWithinSecond ?? 0,
            senderIsOperator: standing?.isOperator ?? false,
            filteredText: filtered, mentioned: mentioned,
            users: try users.summaries(ofRows: mentioned, completing: sender.map { [$0.rowID: $0] } ?? [:], in: db)
        )
    }

    /// Stores a message whose rules `checked` found kept, with its effects and event. A retry
    /// that answers the stored message is not held back by the flood limit.
    private func send(_ sent: SendMessageRequest, as messageType: MessageType, checked: SendCheck, at now: Int64, in db: Database) throws -> Message {
        var request = sent
        let (channel, sender, mentioned, isOperator) = (checked.channel, checked.sender, checked.mentioned, checked.senderIsOperator)
        let original = request.message ?? ""
        let replaced = checked.filteredText != nil
        if let text = checked.filteredText { request.message = text }
        if let dedupID = request.dedupID, let existing = try messages.find(dedupID: dedupID, channelID: channel.rowID, in: db) {
            // A retried import answers the message stored the first time.
            return try assembler.message(existing, in: channel, options: MessageViewOptions(), in: db)
        }
        if sender != nil { try floodLimit.admit(alreadySent: checked.sentWithinSecond) }
        // 0 is what every message that replies to none shows, so a client may send it back.
        let parent = try request.parentMessageID.flatMap { $0 == 0 ? nil : $0 }.map { id throws in
            try parentMessage(id, of: messageType, in: channel, in: db)
        }
        let createdAt = request.createdAt ?? now
        var new = NewMessage(request, as: messageType, in: channel.rowID, from: sender, at: createdAt)
        new.isOperatorMessage = isOperator
        new.parentMessageID = parent?.id
        let poll = try request.pollID.map { id throws in try pollToSend(id, as: messageType, in: channel, in: db) }
        new.pollID = poll?.id
        new.sendPush = request.sendPush
        let record = try messages.insert(new, in: db)
        let id = record.id
        if let sender, channel.isEphemeral || createdAt != now {
            try flood.recordUnseenSend(by: sender, in: channel.rowID, at: now, in: db)
        }
        if var poll {
            poll.messageID = id
            poll.channelID = channel.rowID
            try PollRepository().save(poll, in: db)
        }
        try messages.addMentions(of: mentioned, to: id, in: db)
        let answer = try assembler.new(record, in: channel, mentioning: mentioned, senderIsOperator: isOperator, users: checked.users, in: db)
        var withheldFrom: [Int64] = []
        if channel.isEphemeral {
            // Ephemeral channels keep nothing: the id is spent, the message is not stored.
            try messages.delete(id: id, in: db)
        } else {
            withheldFrom = try MessageEffects(events: events).record(
                of: record, in: channel, mentioned: mentioned, markAsRead: request.markAsRead ?? true, in: db
            )
        }
        if request.pinMessage == true, !channel.isEphemeral {
            try MessagePinService(database: database, clock: clock).pin(record, in: channel, at: now, in: db)
        }
        // A member the message is withheld from is not told of it either.
        let unseenBy = try users.summaries(ofRows: withheldFrom, in: db).values.map(\.userID)
        let audience: EventAudience = try isDisplayed(record, in: channel, in: db) ? .excluding(unseenBy) : .concernedOnly
        try events.message(.send, answer, in: channel, at: now, audience: audience, in: db)
        if replaced {
            try moderation.recordReplaced(id, by: sender, original: original, replaced: request.message ?? "", at: now, in: db)
            try events.profanityReplaced(answer, original: original, in: channel, at: now, in: db)
            if let sender { try penalties.violation(by: sender, in: channel, at: now, in: db) }
        }
        return answer
    }

    /// Imports messages with their original times, all or none. Imported messages become the
    /// channel's last message when they are its newest, but count as nobody's unread messages.
    func migrate(into url: String, _ imported: [MigrationRequest.MigratedMessage]) async throws {
        guard !imported.isEmpty else { throw APIError.missing("messages") }
        guard imported.count <= MessageRules.maxMigratedMessages else {
            throw APIError.tooManyItems("messages", max: MessageRules.maxMigratedMessages)
        }
        let dated = try imported.map { item throws in
            try Self.check(item.message, as: item.message.messageType ?? .user)
            guard let time = item.timestamp ?? item.message.createdAt else { throw APIError.missing("timestamp") }
            return (request: item.message, createdAt: time)
        }
        try await database.write { db in
            guard let channel = try channels.find(url: url, in: db) else { throw APIError.notFound("Channel") }
            for (request, createdAt) in dated {
                let messageType = request.messageType ?? .user
                if let dedupID = request.dedupID, try messages.find(dedupID: dedupID, channelID: channel.rowID, in: db) != nil {
                    continue
                }
                var sender: Int64?
                if messageType != .admin {
                    guard let userID = request.userID else { throw APIError.missing("user_id") }
                    sender = try users.existingRowID(of: userID, in: db)
                }
                let id = try messages.insert(
                    NewMessage(request, as: messageType, in: channel.rowID, from: sender, at: createdAt), in: db
                ).id
                try messages.addMentions(of: try (request.mentionedUserIDs ?? []).compactMap { try users.rowID(of: $0, in: db) }, to: id, in: db)
                if !(request.isSilent ?? false) {
                    try channels.recordLastMessage(id, at: createdAt, in: channel.rowID, in: db)
                }
            }
        }
    }

    /// The sender a send's rules let send, with their standing, read once for both the rules
    /// and the answer.
    private func sender(of request: SendMessageRequest, as type: MessageType, in channel: ChannelRecord, at now: Int64, in db: Database) throws -> SenderStanding? {
        guard type != .admin else { return nil }
        guard let userID = request.userID else { throw APIError.missing("user_id") }
        return try Self.admitted(try standings.standing(of: userID, in: channel, at: now, in: db), in: channel)
    }

    /// A sender's standing, if the rules let them send in the channel.
    static func admitted(_ standing: SenderStanding?, in channel: ChannelRecord) throws -> SenderStanding {
        guard let standing else { throw APIError.notFound("User") }
        guard standing.sender.isActive else { throw APIError.senderDeactivated }
        if channel.type == .group {
            guard standing.hasJoined else { throw APIError.senderNotMember }
            if let receiver = standing.counterpart {
                guard !receiver.isBlocked else { throw APIError.receiverBlocked }
                guard receiver.isActive else { throw APIError.receiverDeactivated }
            }
        } else if standing.isBanned {
            throw APIError.bannedFromChannel
        }
        if standing.isMuted { throw APIError.mutedInChannel }
        if channel.freeze, !standing.isOperator { throw APIError.channelFrozen }
        return standing
    }

    /// Whether the participants of an open channel see the message arrive: an open channel
    /// displays at most `ChannelRules.openChannelMessagesPerSecond` a second, and the rest are
    /// saved but not displayed (the application guide). Its event stays in the log, the
    /// master stream and webhooks.
    private func isDisplayed(_ message: MessageRecord, in channel: ChannelRecord, in db: Database) throws -> Bool {
        guard channel.type == .open, !channel.isEphemeral else { return true }
        let second = message.createdAt - message.createdAt % 1000
        return try messages.count(inChannel: channel.rowID, from: second, through: message.createdAt, in: db) <= ChannelRules.openChannelMessagesPerSecond
    }

    /// A poll a user message may carry: one not sent before, in a group channel that keeps
    /// its messages.
    private func pollToSend(_ id: Int64, as type: MessageType, in channel: ChannelRecord, in db: Database) throws -> PollRecord {
        guard type == .user else { throw APIError.invalid("poll_id", "Only user messages carry polls.") }
        guard channel.type == .group, !channel.isEphemeral else {
            throw APIError(code: 400920, message: "Polls are sent in group channels that are not ephemeral.")
        }
        guard let poll = try PollRepository().find(id, in: db) else { throw APIError.notFound("Poll") }
        guard poll.messageID == nil else { throw APIError.invalid("poll_id", "The poll was already sent in a message.") }
        return poll
    }

    /// The message a reply of `type` answers. Threads hold text and file messages only: an
    /// admin message neither replies nor is replied to (Sendbird's threading pages).
    private func parentMessage(_ id: Int64, of type: MessageType, in channel: ChannelRecord, in db: Database) throws -> MessageRecord {
        guard type != .admin else { throw APIError.invalid("parent_message_id", "An admin message cannot be a reply.") }
        guard let parent = try messages.find(id: id, in: db), parent.channelID == channel.rowID, !parent.isRemoved else {
            throw APIError.notFound("Parent message")
        }
        guard parent.parentMessageID == nil else {
            throw APIError.invalid("parent_message_id", "A reply cannot have replies of its own.")
        }
        guard parent.type != .admin else { throw APIError.invalid("parent_message_id", "An admin message cannot have replies.") }
        return parent
    }

    /// The limits of a send request of the type, checked before any transaction.
    static func check(_ request: SendMessageRequest, as type: MessageType) throws(APIError) {
        if let customType = request.customType, customType.count > MessageRules.maxCustomTypeLength {
            throw .tooLong("custom_type", max: MessageRules.maxCustomTypeLength)
        }
        switch type {
        case .user:
            guard let message = request.message else { throw .missing("message") }
            guard message.count <= ChannelRules.maxLengthMessage else { throw .tooLong("message", max: ChannelRules.maxLengthMessage) }
        case .admin:
            guard let message = request.message else { throw .missing("message") }
            guard message.count <= MessageRules.maxAdminMessageLength else {
                throw .tooLong("message", max: MessageRules.maxAdminMessageLength)
            }
        case .file:
            guard let url = request.url, !url.isEmpty else { throw .missing("url") }
        }
        if let createdAt = request.createdAt, createdAt < 0 { throw .negativeNotAllowed("created_at") }
        if let view = request.extendedMessagePayload?.customView, !view.isObject {
            throw .invalid("extended_message_payload.custom_view", "Give a JSON object.")
        }
    }
}

extension APIError {
    static let senderNotMember = APIError(code: 900020, message: "The sender is not a member of this channel.")
    static let senderDeactivated = APIError(code: 900021, message: "The sender has been deactivated.")
    static let channelFrozen = APIError(code: 900050, message: "The channel is frozen: only operators can send messages.")
    static let receiverBlocked = APIError(code: 900080, message: "You cannot send messages on 1-on-1 group channel when receiver is blocked.")
    static let receiverDeactivated = APIError(
        code: 900081, message: "You cannot send messages on 1-on-1 group channel when receiver is deactivated."
    )
}

extension NewMessage {
    /// The row a sent or imported message starts as: the request's fields, with Sendbird's
    /// defaults for what it leaves out.
    init(_ request: SendMessageRequest, as type: MessageType, in channelID: Int64, from sender: Int64?, at createdAt: Int64) {
        self.init(
            channelID: channelID, type: type, senderRowID: sender, message: request.message ?? "",
            customType: request.customType ?? "", data: request.data ?? "", mentionType: request.mentionType ?? .users,
            isSilent: request.isSilent ?? false, file: Self.file(of: request, as: type), thumbnails: request.allThumbnails,
            sortedMetaarray: request.sortedMetaarray?.items ?? [], dedupID: request.dedupID, createdAt: createdAt
        )
        requireAuth = type == .file && request.requireAuth == true
        extendedMessagePayload = request.extendedMessagePayload
    }

    private static func file(of request: SendMessageRequest, as type: MessageType) -> FileInfo? {
        guard type == .file, let url = request.url else { return nil }
        return FileInfo(
            url: url, name: request.fileName ?? "", type: request.fileType ?? "", size: request.fileSize ?? 0,
            data: request.data ?? ""
        )
    }
}
