/// Builds message objects for a page of messages with a fixed number of queries.
struct MessageAssembler: Sendable {
    /// How many repliers `thread_info.most_replies` names.
    static let mostRepliesLimit = 5

    private let users: UserRepository
    private let messages = MessageRepository()
    private let reactions = ReactionRepository()
    private let operators = OperatorRepository()

    /// `users` reads the users the messages show (pages pass one with the database's cache).
    init(users: UserRepository = UserRepository()) {
        self.users = users
    }

    func messages(
        _ records: [MessageRecord], in channel: ChannelRecord, options: MessageViewOptions, in db: Database
    ) throws -> [Message] {
        try messages(records, channels: [channel.rowID: channel], options: options, in: db)
    }

    /// Messages of several channels at once, such as the last messages of a channel list. A
    /// caller that has read the channels' operators, or some of the users, in the same
    /// transaction passes them, and they are not read again.
    func messages(
        _ records: [MessageRecord], channels: [Int64: ChannelRecord], options: MessageViewOptions,
        operators knownOperators: [Int64: Set<Int64>]? = nil, knownUsers: [Int64: UserSummary] = [:], in db: Database
    ) throws -> [Message] {
        try messages(
            records, channels: channels, options: options,
            mentions: try messages.mentionedUsers(ofMessages: records.map(\.id), in: db),
            operators: try knownOperators ?? operators.operators(ofChannels: Array(channels.keys), in: db).mapValues(Set.init),
            knownUsers: knownUsers, in: db
        )
    }

    /// A message the caller has just stored: whom it mentions and whether its sender operates
    /// the channel are what the send itself decided, so they are not read back.
    func new(
        _ record: MessageRecord, in channel: ChannelRecord, mentioning mentioned: [Int64], senderIsOperator: Bool,
        users known: [Int64: UserSummary] = [:], in db: Database
    ) throws -> Message {
        let operators = senderIsOperator ? record.senderRowID.map { [channel.rowID: Set([$0])] } ?? [:] : [:]
        return try messages(
            [record], channels: [channel.rowID: channel], options: MessageViewOptions(),
            mentions: [record.id: Array(Set(mentioned)).sorted()], operators: operators, knownUsers: known, in: db
        )[0]
    }

    /// Messages with their mentions and their channels' operators already known.
    private func messages(
        _ records: [MessageRecord], channels: [Int64: ChannelRecord], options: MessageViewOptions,
        mentions: [Int64: [Int64]], operators operatorIDs: [Int64: Set<Int64>], knownUsers: [Int64: UserSummary], in db: Database
    ) throws -> [Message] {
        let ids = records.map(\.id)
        let reactionRows = options.includeReactions ? try reactions.reactions(ofMessages: ids, in: db) : [:]
        let threadParents = options.includeThreadInfo ? records.filter { $0.replyCount > 0 }.map(\.id) : []
        let repliers = try messages.topRepliers(ofParents: threadParents, limit: Self.mostRepliesLimit, in: db)
        let parents = options.includeParentMessageInfo
            ? try messages.find(ids: Array(Set(records.compactMap(\.parentMessageID))), in: db) : [:]

        var userRowIDs = Set(records.compactMap(\.senderRowID))
        mentions.values.forEach { userRowIDs.formUnion($0) }
        reactionRows.values.forEach { $0.forEach { userRowIDs.formUnion($0.userRowIDs) } }
        repliers.values.forEach { userRowIDs.formUnion($0) }
        userRowIDs.formUnion(parents.values.compactMap(\.senderRowID))
        let summaries = knownUsers.merging(try users.summaries(ofRows: userRowIDs.subtracting(knownUsers.keys), in: db)) { known, _ in known }
        let polls = try polls(of: records, details: options.includePollDetails, in: db)

        return records.compactMap { record in
            guard let channel = channels[record.channelID] else { return nil }
            let channelOperators = operatorIDs[channel.rowID] ?? []
            return Message(
                record: record,
                channelURL: channel.url,
                channelType: channel.type,
                sender: record.senderRowID.flatMap { summaries[$0] }.map {
                    MessageUser(user: $0, role: channelOperators.contains($0.rowID) ? "operator" : "")
                },
                mentionedUsers: (mentions[record.id] ?? []).compactMap { summaries[$0] }.map { MessageUser(user: $0, role: nil) },
                reactions: options.includeReactions
                    ? (reactionRows[record.id] ?? []).map { reaction in
                        ReactionSummary(
                            key: reaction.key, userIDs: reaction.userRowIDs.compactMap { summaries[$0]?.userID },
                            updatedAt: reaction.updatedAt
                        )
                    }
                    : nil,
                threadInfo: options.includeThreadInfo && record.replyCount > 0
                    ? Message.ThreadInfo(
                        replyCount: record.replyCount, lastRepliedAt: record.lastRepliedAt,
                        mostReplies: (repliers[record.id] ?? []).compactMap { summaries[$0] }.map { MessageUser(user: $0, role: nil) },
                        updatedAt: record.lastRepliedAt
                    )
                    : nil,
                parentInfo: record.parentMessageID.flatMap { parents[$0] }.map {
                    Message.ParentInfo(parent: $0, sender: $0.senderRowID.flatMap { summaries[$0] })
                },
                showSortedMetaarray: options.withSortedMetaarray,
                poll: record.pollID.flatMap { polls[$0] }
            )
        }
    }

    /// The polls the messages carry, in full or as their summaries; no query when none does.
    private func polls(of records: [MessageRecord], details: Bool, in db: Database) throws -> [Int64: Poll] {
        let ids = records.compactMap(\.pollID)
        guard !ids.isEmpty else { return [:] }
        let found = Array(try PollRepository().find(ids: ids, in: db).values)
        let polls = details
            ? try PollAssembler().polls(found, in: db)
            : found.map { Poll(summaryOf: $0) }
        return Dictionary(uniqueKeysWithValues: polls.map { ($0.id, $0) })
    }

    func message(_ record: MessageRecord, in channel: ChannelRecord, options: MessageViewOptions, in db: Database) throws -> Message {
        try messages([record], in: channel, options: options, in: db)[0]
    }
}
