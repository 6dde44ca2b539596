/// What a stored message changes beyond its own row (replies, last message, unread counts,
/// read state), inside the caller's transaction: for sends, imports and the admin messages
/// Roost posts itself.
struct MessageEffects: Sendable {
    let events: MessageEvents
    private let messages = MessageRepository()
    private let channels = ChannelRepository()
    private let members = MemberRepository()
    private let readState = ReadStateRepository()
    private let blocks = BlockRepository()
    private let users = UserRepository()

    /// What a stored message changes beyond its own row; answers the members it is withheld
    /// from (see `withholdFromBlockers`).
    @discardableResult
    func record(
        of message: MessageRecord, in channel: ChannelRecord, mentioned: [Int64], markAsRead: Bool, in db: Database
    ) throws -> [Int64] {
        let withheldFrom = message.isSilent || channel.type != .group ? [] : try withholdFromBlockers(message, in: channel, in: db)
        if let parentID = message.parentMessageID {
            if let thread = try messages.recordReply(to: parentID, at: message.createdAt, in: db) {
                let unseenBy = try users.summaries(ofRows: withheldFrom, in: db).values.map(\.userID)
                try events.threadUpdated(
                    parentID, replyCount: thread.replyCount, lastRepliedAt: thread.lastRepliedAt, in: channel, at: message.createdAt,
                    unseenBy: unseenBy, in: db
                )
            }
        }
        if channel.type == .open, let sender = message.senderRowID,
           try ParticipantRepository().enter(channelID: channel.rowID, userRowID: sender, at: message.createdAt, in: db) {
            try events.entered(channel, by: sender, at: message.createdAt, in: db)
        }
        guard !message.isSilent else {
            // A silent message is the channel's last message for its sender alone.
            if channel.type == .group, let sender = message.senderRowID {
                try members.recordOwnLastMessage(message.id, channelID: channel.rowID, userRowID: sender, in: db)
            }
            return []
        }
        let counted = channel.type == .group && message.parentMessageID == nil
        let newest = try channels.recordLastMessage(message.id, at: message.createdAt, counted: counted, in: channel.rowID, in: db)
        guard channel.type == .group else { return [] }
        if channel.isOneOnOne { try members.releaseShownLastMessage(channelID: channel.rowID, except: withheldFrom, in: db) }
        // A member the message is withheld from keeps the channel hidden: nothing reached them.
        try readState.unhideOnNewMessage(in: channel.rowID, except: withheldFrom, in: db)
        // A sender who reads their own message sees the channel again as they mark it read, below.
        if let sender = message.senderRowID, !markAsRead { try readState.unhideForSender(sender, in: channel.rowID, in: db) }
        if counted {
            try readState.countNewMessage(
                in: channel.rowID, sentBy: message.senderRowID, senderReadsIt: markAsRead, mentioning: Array(mentioned.prefix(MessageRules.notifiedMentions)),
                mentionsEveryone: message.mentionType == .channel, excluding: withheldFrom, in: db
            )
        }
        if markAsRead, let sender = message.senderRowID {
            try readState.markReadBySender(
                channelID: channel.rowID, userRowID: sender, at: message.createdAt, toNewest: newest.map { $0 <= message.createdAt } ?? false, in: db
            )
        }
        return withheldFrom
    }

    /// In a 1-on-1 channel, a message from someone the other member blocks is stored but never
    /// reaches them: it stays out of their history, their unread counts and their channel list.
    /// (In larger channels blocked users' messages are delivered, as on Sendbird.)
    private func withholdFromBlockers(_ message: MessageRecord, in channel: ChannelRecord, in db: Database) throws -> [Int64] {
        guard let sender = message.senderRowID, channel.isOneOnOne else { return [] }
        let blockers = try blocks.blockers(of: sender, amongMembersOf: channel.rowID, in: db)
        for blocker in blockers {
            try blocks.withhold(message.id, from: blocker, in: db)
            // `channel` is as it was before this message.
            try members.holdShownLastMessage(
                channel.lastMessageID, at: channel.lastMessageAt ?? channel.createdAt, channelID: channel.rowID, userRowID: blocker, in: db
            )
        }
        return blockers
    }
}
