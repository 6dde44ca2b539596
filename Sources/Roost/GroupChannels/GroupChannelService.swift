/// The rules of group channels: creation (distinct reuse, strict ids, invitation and hidden
/// status), listing, updates and deletion. Membership changes live in
/// `GroupChannelService+Membership.swift`.
struct GroupChannelService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    let random: RandomTokens
    let users = UserRepository()
    let channels = ChannelRepository()
    let members = MemberRepository()
    let operators = OperatorRepository()
    /// Keeps the users that channel views and lists show between reads.
    let userSummaries: UserSummaryCache
    /// Keeps channel views between reads.
    let viewCache: ChannelViewCache
    /// Keeps each user's own list between reads.
    let listCache: ChannelListCache
    var assembler: GroupChannelAssembler { GroupChannelAssembler(users: UserRepository(cache: userSummaries)) }
    let application = ApplicationRepository()
    let membershipChanges = MembershipChanges()
    let readState = ReadStateRepository()
    var channelEvents: GroupChannelEvents { GroupChannelEvents(log: events) }

    /// How long a typing indicator stays on a channel without being renewed, as in Sendbird's SDKs.
    static let typingLifetime: Int64 = 10_000

    /// Sendbird names a group channel this when it is created without a name.
    static let defaultName = "group channel"

    // MARK: Create

    func create(_ request: CreateGroupChannelRequest) async throws -> GroupChannel {
        let now = clock.now
        return try await database.write { db in try create(request, at: now, in: db) }
    }

    /// Creates a channel inside the caller's transaction (announcements create theirs so);
    /// a distinct channel that exists already is answered with `is_created` false.
    func create(_ request: CreateGroupChannelRequest, at now: Int64, in db: Database) throws -> GroupChannel {
        let isSuper = request.isSuper ?? false
        let isDistinct = request.isDistinct ?? false
        let isPublic = request.isPublic ?? false
        if isSuper && isDistinct { throw APIError.invalid("is_distinct", "A Supergroup channel cannot be distinct.") }
        if let url = request.channelURL { try ChannelRules.checkChannelURL(url) }
        try ChannelRules.checkFields(name: request.name, coverURL: request.coverURL, customType: request.customType)
        let invitationStatus = try Self.parse(request.invitationStatus ?? [:], parameter: "invitation_status", as: { InvitationStatus(rawValue: $0) })
        let hiddenStatus = try Self.parse(request.hiddenStatus ?? [:], parameter: "hidden_status", as: { HiddenState(rawValue: $0) })
        let requestedIDs = request.memberIDs
        // Sendbird's page: users (or user_ids) are required, up to 100 at a time. A Supergroup
        // may start with more: its limit is its member limit.
        guard !requestedIDs.isEmpty else { throw APIError.missing("user_ids") }
        if !isSuper, requestedIDs.count > ChannelRules.maxInvitees {
            throw APIError.tooManyItems("user_ids", max: ChannelRules.maxInvitees)
        }
        let known = try users.rowIDs(of: requestedIDs, in: db)
        let unknown = requestedIDs.filter { known[$0] == nil }
        if request.strict == true, let missing = unknown.first {
            throw APIError.invalid("user_ids", "User \"\(missing)\" does not exist.")
        }
        let memberIDs = requestedIDs.filter { known[$0] != nil }
        let limit = isSuper ? ChannelRules.maxSupergroupMembers : ChannelRules.maxMembers
        guard memberIDs.count <= limit else { throw APIError.tooManyItems("user_ids", max: limit) }
        let customType = request.customType ?? ""

        let distinctKey = isDistinct ? ChannelRules.distinctKey(customType: customType, memberIDs: memberIDs) : nil
        if let distinctKey, let existing = try channels.find(distinctKey: distinctKey, in: db) {
            var channel = try assembler.channel(existing, options: stamped(ChannelViewOptions(showMembers: true)), in: db)
            channel.isCreated = false
            return channel
        }

        let url = request.channelURL ?? ChannelRules.generatedURL(for: .group, random: random)
        guard try !channels.exists(url: url, in: db) else { throw APIError.alreadyExists("channel_url") }
        let inviter = try request.inviterID.map { id throws in try users.existingRowID(of: id, in: db) }
        let operatorRows = try (request.operatorIDs ?? []).map { try users.existingRowID(of: $0, in: db) }
        guard operatorRows.count <= ChannelRules.maxOperators else {
            throw APIError.tooManyItems("operator_ids", max: ChannelRules.maxOperators)
        }

        let channelID = try channels.insert(
            NewChannel(
                type: .group, url: url, name: request.name ?? Self.defaultName, coverURL: request.coverURL ?? "",
                customType: customType, data: request.data ?? "", isDistinct: isDistinct, isPublic: isPublic,
                isSuper: isSuper, isEphemeral: request.isEphemeral ?? false,
                isDiscoverable: request.isDiscoverable ?? isPublic,
                accessCode: isPublic ? request.accessCode.flatMap { $0.isEmpty ? nil : $0 } : nil,
                distinctKey: distinctKey, createdBy: inviter, createdAt: now
            ),
            in: db
        )
        var added: [(rowID: Int64, state: MemberState)] = []
        for userID in memberIDs {
            let userRowID = known[userID]!
            let invited = inviter != nil && inviter != userRowID
            let state = try initialState(of: userRowID, requested: invitationStatus[userID], invited: invited, in: db)
            try checkJoinLimit(userRowID, joining: state, userID: userID, in: db)
            try members.add(
                channelID: channelID, userRowID: userRowID, state: state,
                inviterRowID: userRowID == inviter ? nil : inviter, at: now,
                hiddenState: hiddenStatus[userID] ?? .unhidden, in: db
            )
            added.append((userRowID, state))
        }
        try operators.add(operatorRows, to: channelID, in: db)
        let record = try channels.existing(rowID: channelID, in: db)
        // Sendbird's group channel webhook page: members invited at creation are told by
        // `group_channel:join`, never by `group_channel:invite`.
        try channelEvents.created(record, by: inviter, members: added.map(\.rowID), at: now, in: db)
        let invitees = added.filter { $0.state == .invited }.map(\.rowID)
        try channelEvents.invited(record, by: inviter, invitees, atCreation: true, at: now, in: db)
        var channel = try assembler.channel(record, options: stamped(ChannelViewOptions(showMembers: true)), in: db)
        channel.isCreated = true
        return channel
    }

    /// What a new member becomes: the status asked for, else joined, unless they were
    /// invited and do not accept invitations automatically.
    func initialState(of userRowID: Int64, requested: InvitationStatus?, invited: Bool, in db: Database) throws -> MemberState {
        if let requested { return requested.memberState }
        guard invited else { return .joined }
        let autoAccept = try users.autoAcceptInvitations(ofRow: userRowID, in: db) ?? application.defaultAutoAccept(in: db)
        return autoAccept ? .joined : .invited
    }

    /// A user may have joined at most `maxJoinedChannelsPerUser` group channels.
    func checkJoinLimit(_ userRowID: Int64, joining state: MemberState, userID: String, in db: Database) throws {
        guard state == .joined else { return }
        guard try members.joinedChannelCount(of: userRowID, in: db) < ChannelRules.maxJoinedChannelsPerUser else {
            throw APIError(
                code: 400203,
                message: "Maximum \"channel join\" count reached: \"\(userID)\" has joined \(ChannelRules.maxJoinedChannelsPerUser) channels."
            )
        }
    }

    // MARK: Read

    /// A channel view, written from `viewCache` while the channel kept there is exact; with
    /// `viewerID` (`user_id`), as that member sees it, their own state added.
    func channel(_ url: String, options: ChannelViewOptions, viewerID: String? = nil) async throws -> GroupChannel {
        let options = stamped(options)
        return try await database.read { db in
            let record = try channels.existing(.group, url: url, in: db)
            var viewed = options
            viewed.viewerRowID = try viewerID.map { try users.existingRowID(of: $0, in: db) }
            var channel = try channels(of: [record], options: viewed, in: db)[0]
            channel.showsChannelSummary = true
            return channel
        }
    }

    /// The channels as `options` asks, written from the ones `viewCache` keeps where they are
    /// exact; the rest are built as no one in particular sees them and kept first. A caller
    /// that has read the users generation in this read passes it.
    private func channels(
        of records: [ChannelRecord], options: ChannelViewOptions, viewers: [Int64: ListedMembership]? = nil,
        usersGeneration: Int64? = nil, in db: Database
    ) throws -> [GroupChannel] {
        let keyed = records.compactMap { record in viewCache.key(of: record, options: options).map { (key: $0, record: record) } }
        guard !records.isEmpty, keyed.count == records.count else {
            return try assembler.channels(records, options: options, viewers: viewers, in: db)
        }
        let usersGeneration = try usersGeneration ?? users.generation(in: db)
        var views: [Int64: ChannelViewCache.View] = [:]
        for view in viewCache.views(keyed, usersGeneration: usersGeneration, at: options.now).compactMap({ $0 }) {
            views[view.channel.rowID] = view
        }
        let missing = keyed.filter { views[$0.record.rowID] == nil }
        if !missing.isEmpty {
            let built = try plainViews(of: missing.map(\.record), options: options, usersGeneration: usersGeneration, in: db)
            for ((key, _), view) in zip(missing, built) {
                viewCache.keep(view, for: key)
                views[view.channel.rowID] = view
            }
        }
        return try assembler.channels(kept: records.compactMap { views[$0.rowID] }, options: options, viewers: viewers, in: db)
    }

    /// The channels as no one in particular sees them, as `viewCache` keeps them.
    private func plainViews(
        of records: [ChannelRecord], options: ChannelViewOptions, usersGeneration: Int64, in db: Database
    ) throws -> [ChannelViewCache.View] {
        var plain = options
        plain.viewerRowID = nil
        let built = try assembler.channels(records, options: plain, in: db)
        let muted = try RestrictionRepository(kind: .mute).activeUsers(inChannels: records.map(\.rowID), at: options.now, in: db)
        return try built.map { channel in
            let lapses = [
                try members.typingLapse(in: channel.channel.rowID, since: options.now - Self.typingLifetime, lifetime: Self.typingLifetime, in: db),
                try RestrictionRepository(kind: .mute).nextEnd(in: channel.channel.rowID, after: options.now, in: db),
            ]
            return ChannelViewCache.View(
                channel: channel.channel, usersGeneration: usersGeneration, builtAt: options.now,
                exactUntil: lapses.compactMap { $0 }.min() ?? .max, sections: try channel.sections().compacted(),
                lastMessageAt: channel.lastMessage?.record.createdAt,
                operators: Set(channel.operators.map(\.rowID)), muted: muted[channel.channel.rowID] ?? []
            )
        }
    }

    /// The application's channels; with `viewerID` (`user_id`), those the user belongs to carry
    /// their own state, as in a channel view.
    func list(_ query: ChannelQuery, page request: PageRequest, options: ChannelViewOptions, viewerID: String? = nil) async throws -> Page<GroupChannel> {
        let options = stamped(options)
        return try await database.read { db in
            var viewed = options
            viewed.viewerRowID = try viewerID.map { try users.existingRowID(of: $0, in: db) }
            return try page(query, request, options: viewed, in: db)
        }
    }

    /// A list as one user sees it: the user is looked up in the same read as the page, and
    /// `describe` turns their row id into the query, page and view asked for.
    func list(
        seenBy userID: String,
        _ describe: @escaping @Sendable (_ userRowID: Int64) throws -> (ChannelQuery, PageRequest, ChannelViewOptions)
    ) async throws -> Page<GroupChannel> {
        try await database.read { db in
            let (query, request, options) = try describe(try users.existingRowID(of: userID, in: db))
            return try page(query, request, options: stamped(options), in: db)
        }
    }

    private func page(_ query: ChannelQuery, _ request: PageRequest, options: ChannelViewOptions, in db: Database) throws -> Page<GroupChannel> {
        let fetched = try channels.page(query, limit: request.fetchLimit, in: db)
        let page = Page(fetched: fetched, request: request) { query.cursor(of: $0.channel, orderValue: $0.orderValue) }
        guard let userRowID = query.membership?.userRowID, userRowID == options.viewerRowID else {
            return try page.mapItems { try channels(of: $0.map(\.channel), options: options, in: db) }
        }
        return try page.mapItems { try ownChannels($0, of: userRowID, options: options, in: db) }
    }

    /// A user's own list: their memberships were read with the page, and the list is written
    /// from `listCache` while the one kept there is exact.
    private func ownChannels(
        _ listed: [ChannelRepository.ListedChannel], of userRowID: Int64, options: ChannelViewOptions, in db: Database
    ) throws -> [GroupChannel] {
        let rows = listed.compactMap { row in row.viewer.map { ChannelListCache.Row(channel: row.channel, viewer: $0) } }
        let key = rows.count == listed.count ? listCache.key(of: userRowID, options: options) : nil
        let usersGeneration = try users.generation(in: db)
        if let key, let kept = listCache.channels(key, rows: rows, usersGeneration: usersGeneration, at: options.now) {
            return kept
        }
        let viewers = Dictionary(rows.map { ($0.channel.rowID, $0.viewer) }, uniquingKeysWith: { first, _ in first })
        let built = try channels(of: listed.map(\.channel), options: options, viewers: viewers, usersGeneration: usersGeneration, in: db)
        if let key { try listCache.keep(built, rows: rows, usersGeneration: usersGeneration, at: options.now, for: key) }
        return built
    }

    /// How many channels a user sees: the user is looked up in the same read as the count.
    func count(seenBy userID: String, _ describe: @escaping @Sendable (_ userRowID: Int64) throws -> ChannelQuery) async throws -> Int {
        try await database.read { db in try channels.count(try describe(try users.existingRowID(of: userID, in: db)), in: db) }
    }

    // MARK: Update and delete

    func update(_ url: String, with request: UpdateGroupChannelRequest) async throws -> GroupChannel {
        try ChannelRules.checkFields(name: request.name, coverURL: request.coverURL, customType: request.customType)
        let now = clock.now
        return try await database.write { db in
            var channel = try channels.existing(.group, url: url, in: db)
            let before = channel
            channel.update(name: request.name, coverURL: request.coverURL, customType: request.customType, data: request.data)
            if let isPublic = request.isPublic { channel.isPublic = isPublic }
            if let isDiscoverable = request.isDiscoverable { channel.isDiscoverable = isDiscoverable }
            if let accessCode = request.accessCode { channel.accessCode = accessCode.isEmpty ? nil : accessCode }
            if !channel.isPublic { channel.accessCode = nil }
            if let isSuper = request.isSuper, isSuper != channel.isSuper {
                // A channel made a Supergroup stays one (Sendbird's "update a group channel" page).
                guard isSuper else { throw APIError.invalid("is_super", "A Supergroup channel cannot become a group channel again.") }
                guard !(request.isDistinct ?? channel.isDistinct) else {
                    throw APIError.invalid("is_super", "A distinct channel cannot become a Supergroup channel.")
                }
                channel.isSuper = true
            }
            if let isDistinct = request.isDistinct {
                if isDistinct && channel.isSuper {
                    throw APIError.invalid("is_distinct", "A Supergroup channel cannot be distinct.")
                }
                channel.isDistinct = isDistinct
            }
            channel.distinctKey = channel.isDistinct
                ? ChannelRules.distinctKey(customType: channel.customType, memberIDs: try members.sortedUserIDs(of: channel.rowID, in: db))
                : nil
            try channels.save(channel, in: db)
            if let operatorIDs = request.operatorIDs {
                try membershipChanges.registerOperators(operatorIDs, in: channel.rowID, in: db)
            }
            try channelEvents.changed(from: before, to: channel, at: now, in: db)
            return try assembler.channel(channel, options: stamped(ChannelViewOptions()), in: db)
        }
    }

    func delete(_ url: String) async throws {
        let now = clock.now
        try await database.write { db in
            let channel = try channels.existing(.group, url: url, in: db)
            // Logged first: the members' past memberships end with it, so their streams carry it.
            try channelEvents.removed(channel, at: now, in: db)
            try ChannelDeletion(database: database).delete(channel, at: now, in: db)
        }
    }

    func freeze(_ url: String, _ freeze: Bool) async throws -> GroupChannel {
        let now = clock.now
        return try await database.write { db in
            let channel = try channels.setFrozen(freeze, .group, url: url, in: db)
            try channelEvents.frozen(channel, at: now, in: db)
            return try assembler.channel(channel, options: stamped(ChannelViewOptions()), in: db)
        }
    }

    /// View options taken now: who is typing, who is muted.
    func stamped(_ options: ChannelViewOptions) -> ChannelViewOptions {
        var options = options
        options.now = clock.now
        return options
    }

    // MARK: Lookups

    /// Reads a `user_id → value` map of enumerated values, such as `hidden_status`.
    static func parse<Value>(
        _ map: [String: String], parameter: String, as make: (String) -> Value?
    ) throws(APIError) -> [String: Value] {
        var parsed: [String: Value] = [:]
        for (userID, raw) in map {
            guard let value = make(raw) else { throw .invalid(parameter) }
            parsed[userID] = value
        }
        return parsed
    }
}
