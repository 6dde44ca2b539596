/// History, single messages, edits and deletion.
extension MessageService {
    /// A history page around an anchor: up to `prevLimit` messages before it and `nextLimit`
    /// after it, with the anchor's own messages between them when `inclusive`, oldest first
    /// (newest first with `reverse`).
    struct HistoryRequest: Sendable {
        var anchor: HistoryAnchor
        var inclusive = true
        var prevLimit = MessageRules.defaultHistoryLimit
        var nextLimit = MessageRules.defaultHistoryLimit
        var reverse = false
        var filter = MessageFilter()
        var senderIDs: [String]?
        var readerID: String?
        var options = MessageViewOptions()

        /// Names the shape of page a channel's kept newest page serves, or nil for a page that is
        /// not kept: one filtered by sender, type, custom type, operator or thread, or read by a
        /// member whose hidden history or blocked users leave messages out.
        func tailVariant(of type: ChannelType) -> Int? {
            guard senderIDs == nil, readerID == nil || type == .open, filter.operatorFilter == .all,
                  filter.messageType == nil, filter.customTypes == nil, filter.thread == nil
            else { return nil }
            let flags = [
                options.includeReactions, options.includeThreadInfo, options.includeParentMessageInfo,
                options.withSortedMetaarray, options.includePollDetails, filter.includingRemoved, filter.replyType == .all,
            ]
            return flags.enumerated().reduce(0) { variant, flag in flag.element ? variant | 1 << flag.offset : variant }
        }
    }

    enum HistoryAnchor: Sendable {
        case timestamp(Int64)
        case message(Int64)
    }

    /// A history page. The newest page of a channel comes from `historyCache` while it is
    /// exact, and is kept there when it is built.
    func history(of type: ChannelType, _ url: String, _ request: HistoryRequest) async throws -> WrittenJSONArray {
        // A page from a time, in a shape the cache keeps: it may be the channel's newest.
        let tail: (variant: Int, time: Int64)? =
            if historyCache.isOn, case .timestamp(let time) = request.anchor, let variant = request.tailVariant(of: type) {
                (variant, time)
            } else {
                nil
            }
        if let tail, let kept = try await keptPage(of: type, url, request, variant: tail.variant, time: tail.time) { return kept }
        return try await database.read { db in
            let channel = try channels.existing(type, url: url, in: db)
            let keeping = try tail.map { tail in
                (
                    key: HistoryCache.Key(channelID: channel.rowID, variant: tail.variant),
                    stamp: HistoryCache.Stamp(revision: channel.messageRevision, usersGeneration: try users.generation(in: db)),
                    time: tail.time
                )
            }
            var filter = request.filter
            if let senderIDs = request.senderIDs {
                filter.senderRowIDs = Array(try users.rowIDs(of: senderIDs, in: db).values)
            }
            if let readerID = request.readerID, type == .group {
                let reader = try users.existingRowID(of: readerID, in: db)
                filter.visibleAfter = try members.find(channelID: channel.rowID, userRowID: reader, in: db)?.messageOffset ?? 0
                filter.reader = reader
            }
            let anchor: MessageAnchor
            switch request.anchor {
            case .timestamp(let ts):
                anchor = .timestamp(ts)
            case .message(let id):
                guard let message = try messages.find(id: id, in: db), message.channelID == channel.rowID else {
                    throw APIError.notFound("Message")
                }
                anchor = .message(message)
            }
            let before = try messages.page(of: channel.rowID, from: anchor, before: true, limit: request.prevLimit, filter: filter, in: db)
            let centre = request.inclusive ? try messages.centre(of: channel.rowID, at: anchor, filter: filter, in: db) : []
            let after = try messages.page(of: channel.rowID, from: anchor, before: false, limit: request.nextLimit, filter: filter, in: db)
            let ordered = try assembler.messages(before.reversed() + centre + after, in: channel, options: request.options, in: db)
            let page = try WrittenJSONArray(writing: ordered)
            // Kept when it is the channel's newest page (nothing at or after its time) and
            // shows no poll, whose votes change it without changing the channel's messages.
            if let keeping, !before.contains(where: { $0.pollID != nil }),
               let newestCreatedAt = try messages.newestCreatedAt(in: channel.rowID, in: db), keeping.time > newestCreatedAt {
                historyCache.keep(
                    HistoryCache.Tail(
                        stamp: keeping.stamp, newestCreatedAt: newestCreatedAt, messages: page.compacted(),
                        complete: before.count < request.prevLimit
                    ),
                    for: keeping.key
                )
            }
            return request.reverse ? WrittenJSONArray(page.items.reversed()) : page
        }
    }

    /// The page from `time` as the channel's kept newest page holds it, while that is exact: the
    /// stamp to check is read outside a transaction, with those of the pages asked for at the
    /// same time (`historyStamps`).
    private func keptPage(
        of type: ChannelType, _ url: String, _ request: HistoryRequest, variant: Int, time: Int64
    ) async throws -> WrittenJSONArray? {
        guard let found = try await historyStamps.read(url), found.type == type,
              let kept = historyCache.tail(HistoryCache.Key(channelID: found.channelID, variant: variant), at: found.stamp),
              time > kept.newestCreatedAt, let newest = kept.newest(request.prevLimit)
        else { return nil }
        return WrittenJSONArray(request.reverse ? newest.reversed() : Array(newest), isCompact: kept.messages.isCompact)
    }

    func message(_ id: Int64, of type: ChannelType, _ url: String, options: MessageViewOptions) async throws -> Message {
        try await database.read { db in
            let (channel, record) = try lookup.existing(id, of: type, url, in: db)
            return try assembler.message(record, in: channel, options: options, in: db)
        }
    }

    func totalCount(of type: ChannelType, _ url: String) async throws -> Int {
        try await database.read { db in
            try messages.count(in: try channels.existing(type, url: url, in: db).rowID, filter: MessageFilter(replyType: .all), in: db)
        }
    }

    /// Changes the text, custom type, data or mentions of a message.
    func update(_ id: Int64, of type: ChannelType, _ url: String, with request: UpdateMessageRequest) async throws -> Message {
        if let customType = request.customType, customType.count > MessageRules.maxCustomTypeLength {
            throw APIError.tooLong("custom_type", max: MessageRules.maxCustomTypeLength)
        }
        if request.url?.isEmpty == true { throw APIError.invalid("url") }
        let now = clock.now
        return try await database.write { db in
            var (channel, record) = try lookup.existing(id, of: type, url, in: db)
            try checkEditor(request.userID, of: record, in: channel, in: db)
            if let url = request.url { record.file?.url = url }
            if var message = request.message {
                let limit = record.type == .admin ? MessageRules.maxAdminMessageLength : ChannelRules.maxLengthMessage
                guard message.count <= limit else { throw APIError.tooLong("message", max: limit) }
                if record.type != .admin, let text = try moderation.filtered(message, in: channel, in: db) {
                    try moderation.recordReplaced(id, by: record.senderRowID, original: message, replaced: text, at: now, in: db)
                    if let sender = record.senderRowID { try penalties.violation(by: sender, in: channel, at: now, in: db) }
                    message = text
                }
                record.message = message
            }
            if let customType = request.customType { record.customType = customType }
            if let data = request.data { record.data = data }
            if let mentionType = request.mentionType { record.mentionType = mentionType }
            record.updatedAt = now
            try messages.save(record, in: db)
            if let mentionedIDs = request.mentionedUserIDs {
                let mentioned = try mentionedIDs.compactMap { try users.rowID(of: $0, in: db) }
                try messages.replaceMentions(of: id, with: mentioned, in: db)
            }
            channel = try channels.existing(rowID: channel.rowID, in: db)
            let answer = try assembler.message(record, in: channel, options: MessageViewOptions(), in: db)
            try events.message(.update, answer, in: channel, at: now, in: db)
            return answer
        }
    }

    /// Removes a message; it stays in history as `is_removed` for those who ask for removed
    /// messages. Answers its file, for a caller asked to delete that too.
    @discardableResult
    func delete(_ id: Int64, of type: ChannelType, _ url: String, by userID: String?) async throws -> FileInfo? {
        let now = clock.now
        return try await database.write { db in
            var (channel, record) = try lookup.existing(id, of: type, url, in: db)
            try checkEditor(userID, of: record, in: channel, in: db)
            record.isRemoved = true
            record.updatedAt = now
            try messages.save(record, in: db)
            if channel.lastMessageID == record.id { try channels.recordLastMessageRemoved(in: channel.rowID, in: db) }
            try PinnedMessageRepository().unpin(record.id, in: db)
            if let parentID = record.parentMessageID, let thread = try messages.recordReplyRemoved(from: parentID, in: db) {
                try events.threadUpdated(
                    parentID, replyCount: thread.replyCount, lastRepliedAt: thread.lastRepliedAt, in: channel, at: now,
                    unseenBy: try BlockRepository().withheld(record.id, in: db), in: db
                )
            }
            try events.message(.delete, try assembler.message(record, in: channel, options: MessageViewOptions(), in: db), in: channel, at: now, in: db)
            return record.file
        }
    }

    /// A user named as editing or deleting a message must have sent it or operate the channel.
    private func checkEditor(_ userID: String?, of message: MessageRecord, in channel: ChannelRecord, in db: Database) throws {
        guard let userID, !userID.isEmpty else { return }
        let editor = try users.existingRowID(of: userID, in: db)
        let isOperator = try operators.isOperator(editor, of: channel.rowID, in: db)
        guard editor == message.senderRowID || isOperator else {
            throw APIError(code: 400108, message: "Only the sender or an operator of the channel can change this message.")
        }
    }
}
