/// Builds channel objects for many channels with a fixed number of queries, whatever the
/// number of channels: operators, creators, members, metadata and the viewer's memberships
/// are each loaded once for the whole list.
struct GroupChannelAssembler: Sendable {
    private let users: UserRepository
    private let members = MemberRepository()
    private let operators = OperatorRepository()
    private let messages = MessageRepository()
    private let messageAssembler: MessageAssembler

    /// `users` reads the users the channels show (pages pass one with the database's cache).
    init(users: UserRepository = UserRepository()) {
        self.users = users
        messageAssembler = MessageAssembler(users: users)
    }

    /// `viewers`: the viewer's memberships of the channels, where the list read them already.
    func channels(
        _ records: [ChannelRecord], options: ChannelViewOptions, viewers: [Int64: ListedMembership]? = nil, in db: Database
    ) throws -> [GroupChannel] {
        let channelIDs = records.map(\.rowID)
        let operatorIDs = try operators.operators(ofChannels: channelIDs, in: db)
        let operatorSets = operatorIDs.mapValues(Set.init)
        let needsMembers = options.showMembers || options.showReadReceipt || options.showDeliveryReceipt
        let memberRows = needsMembers ? try members.membersWithUsers(ofChannels: channelIDs, in: db) : [:]
        let memberRecords = memberRows.mapValues { $0.map(\.member) }
        let viewers = try viewers ?? self.viewers(of: channelIDs, options: options, in: db)
        let viewerMemberships = viewers.mapValues(\.member)
        let typing = try members.typingUsers(
            ofChannels: channelIDs, since: options.now - GroupChannelService.typingLifetime, in: db
        )
        let muted = try RestrictionRepository(kind: .mute).activeUsers(inChannels: channelIDs, at: options.now, in: db)
        let metadataByChannel = options.showMetadata ? try ChannelMetadataTables.metadata.items(ofOwners: channelIDs, in: db) : [:]

        var userRowIDs = Set(records.compactMap(\.createdBy))
        operatorIDs.values.forEach { userRowIDs.formUnion($0) }
        userRowIDs.formUnion(viewerMemberships.values.compactMap(\.inviterRowID))
        typing.values.forEach { userRowIDs.formUnion($0) }
        var memberUsers: [Int64: UserSummary] = [:]
        memberRows.values.forEach { $0.forEach { memberUsers[$0.user.rowID] = $0.user } }
        let summaries = try users.summaries(ofRows: userRowIDs, completing: memberUsers, in: db)
        let pins = try PinnedMessageRepository().pins(ofChannels: channelIDs, in: db)
        let withBots = try members.channelsWithBots(among: channelIDs, in: db)
        let shownMessages = try shownMessages(
            of: records, seenBy: viewerMemberships, pinned: pins,
            known: (operators: operatorSets, users: summaries),
            options: MessageViewOptions(withSortedMetaarray: options.lastMessageSortedMetaarray), in: db
        )

        return records.map { record in
            let channelOperators = operatorIDs[record.rowID] ?? []
            let operatorSet = operatorSets[record.rowID] ?? []
            let mutedSet = muted[record.rowID] ?? []
            let channelMembers = memberRecords[record.rowID] ?? []
            /// Sendbird's delivery receipt page: a member never marked delivered is left out of
            /// `delivery_receipt`; `read_receipt` shows 0 for one who never read.
            func receipt(_ time: (MemberRecord) -> Int64, leavingOutNever: Bool = false) -> [String: Int64] {
                Dictionary(uniqueKeysWithValues: channelMembers.filter { $0.state == .joined }.compactMap { member in
                    let at = time(member)
                    guard !leavingOutNever || at > 0 else { return nil }
                    return summaries[member.userRowID].map { ($0.userID, at) }
                })
            }
            return GroupChannel(
                channel: record,
                createdBy: record.createdBy.flatMap { summaries[$0] },
                operators: channelOperators.compactMap { summaries[$0] },
                members: options.showMembers
                    ? channelMembers.prefix(record.isSuper ? ChannelRules.supergroupMemberPreview : .max).compactMap { member in
                        summaries[member.userRowID].map {
                            ChannelMember(
                                user: $0, state: member.state, isOperator: operatorSet.contains(member.userRowID),
                                isMuted: mutedSet.contains(member.userRowID)
                            )
                        }
                    }
                    : nil,
                metadata: options.showMetadata ? metadataByChannel[record.rowID] ?? [:] : nil,
                viewer: viewerMemberships[record.rowID].map { member in
                    GroupChannel.Viewer(
                        member: member,
                        isOperator: operatorSet.contains(member.userRowID),
                        isMuted: mutedSet.contains(member.userRowID),
                        inviter: member.inviterRowID.flatMap { summaries[$0] },
                        pushTriggerOption: viewers[record.rowID]?.pushTriggerOption ?? "default"
                    )
                },
                lastMessage: Self.lastMessage(of: record, seenBy: viewerMemberships[record.rowID], among: shownMessages),
                pinnedMessageIDs: pins[record.rowID] ?? [],
                latestPinnedMessage: pins[record.rowID]?.last.flatMap { shownMessages[$0] },
                typingUsers: (typing[record.rowID] ?? []).compactMap { summaries[$0] },
                readReceipt: options.showReadReceipt ? receipt(\.lastReadAt) : nil,
                deliveryReceipt: options.showDeliveryReceipt ? receipt(\.deliveredAt, leavingOutNever: true) : nil,
                hasBot: withBots.contains(record.rowID)
            )
        }
    }

    /// Channels written from kept views (`ChannelViewCache`), each with the viewer's own
    /// fields added. A member shown a last message other than the channel's own (a 1-on-1
    /// channel holding newer ones back from them, a silent message of their own) gets their
    /// channel built in full.
    func channels(
        kept views: [ChannelViewCache.View], options: ChannelViewOptions, viewers: [Int64: ListedMembership]? = nil, in db: Database
    ) throws -> [GroupChannel] {
        let channelIDs = views.map(\.channel.rowID)
        let viewers = try viewers ?? self.viewers(of: channelIDs, options: options, in: db)
        let viewerMemberships = viewers.mapValues(\.member)
        let inviters = try users.summaries(ofRows: viewerMemberships.values.compactMap(\.inviterRowID), in: db)
        let inFull = views.map(\.channel).filter { record in
            viewerMemberships[record.rowID].map { !Self.isShownOwnLastMessage(of: record, by: $0) } ?? false
        }
        let builtInFull = Dictionary(
            uniqueKeysWithValues: try channels(inFull, options: options, viewers: viewers, in: db).map { ($0.channel.rowID, $0) }
        )
        return views.map { view in
            if let built = builtInFull[view.channel.rowID] { return built }
            let member = viewerMemberships[view.channel.rowID]
            return GroupChannel(
                channel: view.channel,
                operators: [],
                viewer: member.map { member in
                    GroupChannel.Viewer(
                        member: member,
                        isOperator: view.operators.contains(member.userRowID),
                        isMuted: view.muted.contains(member.userRowID),
                        inviter: member.inviterRowID.flatMap { inviters[$0] },
                        pushTriggerOption: viewers[view.channel.rowID]?.pushTriggerOption ?? "default"
                    )
                },
                kept: GroupChannel.KeptSections(
                    view: view, showsLastMessage: view.lastMessageAt.map { $0 > (member?.messageOffset ?? .min) } ?? false
                )
            )
        }
    }

    /// The viewer's memberships of the channels, with their push trigger options.
    private func viewers(of channelIDs: [Int64], options: ChannelViewOptions, in db: Database) throws -> [Int64: ListedMembership] {
        guard let viewer = options.viewerRowID else { return [:] }
        let memberships = try members.memberships(of: viewer, inChannels: channelIDs, in: db)
        let pushOptions = try PushRepository().channelTriggerOptions(of: viewer, inChannels: Array(memberships.keys), in: db)
        return memberships.mapValues { ListedMembership(member: $0, pushTriggerOption: pushOptions[$0.channelID] ?? "default") }
    }

    /// Whether `member` is shown the channel's own last message, or none where their history
    /// starts after it (as `lastMessage(of:seenBy:among:)` picks).
    private static func isShownOwnLastMessage(of record: ChannelRecord, by member: MemberRecord) -> Bool {
        member.ownLastMessageID == nil && !(record.isOneOnOne && member.shownLastMessageAt != nil)
    }

    /// The messages the channels show: their last ones, the viewer's own silent ones and the
    /// latest pinned ones, keyed by message id. The channels' operators and the users already
    /// read for the channels are not read again for the messages.
    private func shownMessages(
        of records: [ChannelRecord], seenBy viewer: [Int64: MemberRecord], pinned: [Int64: [Int64]],
        known: (operators: [Int64: Set<Int64>], users: [Int64: UserSummary]), options: MessageViewOptions, in db: Database
    ) throws -> [Int64: Message] {
        let ids = records.compactMap(\.lastMessageID) + viewer.values.flatMap { [$0.ownLastMessageID, $0.shownLastMessageID].compactMap { $0 } }
            + pinned.values.compactMap(\.last)
        guard !ids.isEmpty else { return [:] }
        let found = try messages.find(ids: ids, in: db).values.filter { !$0.isRemoved }
        let channelsByID = Dictionary(uniqueKeysWithValues: records.map { ($0.rowID, $0) })
        let built = try messageAssembler.messages(
            Array(found), channels: channelsByID, options: options,
            operators: known.operators, knownUsers: known.users, in: db
        )
        return Dictionary(uniqueKeysWithValues: built.map { ($0.record.id, $0) })
    }

    /// The channel's last message as a member sees it: the newer of the channel's own (or, in
    /// a 1-on-1 channel, the one they were last shown while newer ones are withheld from them)
    /// and the member's last silent one, unless their history was reset after it.
    private static func lastMessage(of record: ChannelRecord, seenBy member: MemberRecord?, among messages: [Int64: Message]) -> Message? {
        guard let member else { return record.lastMessageID.flatMap { messages[$0] } }
        let shown = record.isOneOnOne && member.shownLastMessageAt != nil ? member.shownLastMessageID : record.lastMessageID
        return [shown, member.ownLastMessageID]
            .compactMap { $0.flatMap { messages[$0] } }
            .filter { $0.record.createdAt > member.messageOffset }
            .max { ($0.record.createdAt, $0.record.id) < ($1.record.createdAt, $1.record.id) }
    }

    func channel(_ record: ChannelRecord, options: ChannelViewOptions, in db: Database) throws -> GroupChannel {
        try channels([record], options: options, in: db)[0]
    }
}
