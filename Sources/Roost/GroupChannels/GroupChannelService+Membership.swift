/// Membership changes: invitations, joining and leaving, hiding, history resets,
/// operators and typing. Every change is one transaction.
extension GroupChannelService {
    /// What `GET /members/{user_id}` answers.
    struct MembershipStatus: Sendable {
        let isMember: Bool
        let state: MemberState?
    }

    func invite(to url: String, _ request: InviteRequest) async throws -> GroupChannel {
        let invitationStatus = try Self.parse(request.invitationStatus ?? [:], parameter: "invitation_status") {
            InvitationStatus(rawValue: $0)
        }
        let hiddenStatus = try Self.parse(request.hiddenStatus ?? [:], parameter: "hidden_status") { HiddenState(rawValue: $0) }
        let inviteeIDs = request.inviteeIDs
        guard !inviteeIDs.isEmpty else { throw APIError.missing("user_ids") }
        guard inviteeIDs.count <= ChannelRules.maxInvitees else { throw APIError.tooManyItems("user_ids", max: ChannelRules.maxInvitees) }
        let now = clock.now
        return try await database.write { db in
            try invite(to: url, inviteeIDs, by: request.inviterID, invitationStatus: invitationStatus, hiddenStatus: hiddenStatus, at: now, in: db)
        }
    }

    /// Invites users inside the caller's transaction (bots joining channels do it several at
    /// once); answers the channel with its members.
    func invite(
        to url: String, _ inviteeIDs: [String], by inviterID: String?, invitationStatus: [String: InvitationStatus],
        hiddenStatus: [String: HiddenState] = [:], at now: Int64, in db: Database
    ) throws -> GroupChannel {
        var channel = try channels.existing(.group, url: url, in: db)
        let inviter = try inviterID.map { try users.existingRowID(of: $0, in: db) }
        var added: [(rowID: Int64, state: MemberState)] = []
        for userID in inviteeIDs {
            let userRowID = try users.existingRowID(of: userID, in: db)
            if try members.find(channelID: channel.rowID, userRowID: userRowID, in: db) != nil { continue }
            try ModerationRules.checkNotBanned(userRowID, from: channel, at: now, in: db)
            let state = try initialState(of: userRowID, requested: invitationStatus[userID], invited: true, in: db)
            try checkJoinLimit(userRowID, joining: state, userID: userID, in: db)
            try members.add(
                channelID: channel.rowID, userRowID: userRowID, state: state, inviterRowID: inviter, at: now,
                hiddenState: hiddenStatus[userID] ?? .unhidden, in: db
            )
            added.append((userRowID, state))
        }
        channel = try channels.existing(rowID: channel.rowID, in: db)
        let limit = channel.isSuper ? ChannelRules.maxSupergroupMembers : ChannelRules.maxMembers
        guard channel.memberCount <= limit else { throw APIError.tooManyItems("user_ids", max: limit) }
        if !added.isEmpty, channel.isDistinct {
            let before = channel
            try membershipChanges.endDistinctness(of: &channel, in: db)
            try channelEvents.changed(from: before, to: channel, at: now, in: db)
        }
        // Every invitee is invited; those who accept invitations automatically also join.
        try channelEvents.invited(channel, by: inviter, added.map(\.rowID), at: now, in: db)
        try channelEvents.joined(channel, added.filter { $0.state == .joined }.map(\.rowID), at: now, in: db)
        // As the first invitee sees it (invited now or before): Sendbird's own integration tests
        // read `invited_at` and `inviter` in the answer.
        let firstInvitee = try inviteeIDs.first.map { try users.existingRowID(of: $0, in: db) }
        let options = ChannelViewOptions(showMembers: true, viewerRowID: firstInvitee)
        return try assembler.channel(channel, options: stamped(options), in: db)
    }

    func accept(_ url: String, _ request: MemberActionRequest) async throws -> GroupChannel {
        let now = clock.now
        return try await database.write { db in
            let (channel, userRowID) = try pendingInvitation(in: url, of: request.userID, in: db)
            try ModerationRules.checkNotBanned(userRowID, from: channel, at: now, in: db)
            try Self.checkAccessCode(request, of: channel)
            try checkJoinLimit(userRowID, joining: .joined, userID: request.userID, in: db)
            try members.setJoined(channelID: channel.rowID, userRowID: userRowID, at: now, in: db)
            let accepted = try channels.existing(rowID: channel.rowID, in: db)
            try channelEvents.joined(accepted, [userRowID], at: now, in: db)
            return try assembler.channel(
                accepted, options: stamped(ChannelViewOptions(showMembers: true, viewerRowID: userRowID)), in: db
            )
        }
    }

    func decline(_ url: String, _ request: MemberActionRequest) async throws {
        let now = clock.now
        try await database.write { db in
            let (channel, userRowID) = try pendingInvitation(in: url, of: request.userID, in: db)
            try members.remove(channelID: channel.rowID, userRowID: userRowID, in: db)
            try channelEvents.declined(try channels.existing(rowID: channel.rowID, in: db), userRowID, at: now, in: db)
        }
    }

    /// A public channel's access code, which joining it and accepting an invitation to it take.
    private static func checkAccessCode(_ request: MemberActionRequest, of channel: ChannelRecord) throws(APIError) {
        if let code = channel.accessCode, request.accessCode != code {
            throw APIError(code: 400108, message: "The access code is missing or wrong.")
        }
    }

    /// Joining without an invitation: public channels only, with their access code if they
    /// have one. Answers the channel: Sendbird's page says an empty body, but SDK 2.1.5 cannot
    /// read one (its model requires the channel's fields).
    func join(_ url: String, _ request: MemberActionRequest) async throws -> GroupChannel {
        let now = clock.now
        return try await database.write { db in
            var channel = try channels.existing(.group, url: url, in: db)
            let userRowID = try users.existingRowID(of: request.userID, in: db)
            guard channel.isPublic else {
                throw APIError(code: 400108, message: "Only public group channels can be joined without an invitation.")
            }
            try ModerationRules.checkNotBanned(userRowID, from: channel, at: now, in: db)
            try Self.checkAccessCode(request, of: channel)
            let state = try members.find(channelID: channel.rowID, userRowID: userRowID, in: db)?.state
            switch state {
            case .joined:
                break
            case .invited:
                try checkJoinLimit(userRowID, joining: .joined, userID: request.userID, in: db)
                try members.setJoined(channelID: channel.rowID, userRowID: userRowID, at: now, in: db)
            case nil:
                try checkJoinLimit(userRowID, joining: .joined, userID: request.userID, in: db)
                let limit = channel.isSuper ? ChannelRules.maxSupergroupMembers : ChannelRules.maxMembers
                guard channel.memberCount < limit else { throw APIError.tooManyItems("members", max: limit) }
                try members.add(channelID: channel.rowID, userRowID: userRowID, state: .joined, inviterRowID: nil, at: now, in: db)
                try membershipChanges.endDistinctness(of: &channel, in: db)
            }
            let joined = try channels.existing(rowID: channel.rowID, in: db)
            if state != .joined { try channelEvents.joined(joined, [userRowID], at: now, in: db) }
            return try assembler.channel(joined, options: stamped(ChannelViewOptions(showMembers: true, viewerRowID: userRowID)), in: db)
        }
    }

    func leave(_ url: String, _ request: LeaveRequest) async throws {
        let now = clock.now
        let reason = try request.leaveReason()
        try await database.write { db in
            var channel = try channels.existing(.group, url: url, in: db)
            let leavers: [Int64]
            if request.shouldLeaveAll == true {
                leavers = try members.members(ofChannels: [channel.rowID], in: db)[channel.rowID]?.map(\.userRowID) ?? []
            } else {
                guard let userIDs = request.userIDs, !userIDs.isEmpty else { throw APIError.missing("user_ids") }
                leavers = try userIDs.map { try users.existingRowID(of: $0, in: db) }
            }
            var left: [Int64] = []
            for userRowID in leavers where try members.find(channelID: channel.rowID, userRowID: userRowID, in: db) != nil {
                try members.remove(channelID: channel.rowID, userRowID: userRowID, in: db)
                left.append(userRowID)
            }
            if request.shouldRemoveOperatorStatus == true {
                try operators.remove(leavers, from: channel.rowID, in: db)
            }
            if !leavers.isEmpty { try membershipChanges.endDistinctness(of: &channel, in: db) }
            try channelEvents.left(try channels.existing(rowID: channel.rowID, in: db), left, reason: reason, at: now, in: db)
        }
    }

    /// A user leaves all their channels, or those of a custom type. A deactivated user cannot
    /// (Sendbird's page: deactivation leaves them with `leave_all_when_deactivated`).
    func leaveAll(userID: String, customType: String?) async throws {
        let now = clock.now
        try await database.write { db in
            let user = try users.existingSummary(of: userID, in: db)
            guard user.isActive else { throw APIError.deactivatedUser(userID) }
            let userRowID = user.rowID
            for channel in try membershipChanges.leaveAll(userRowID: userRowID, customType: customType, in: db) {
                try channelEvents.left(channel, [userRowID], at: now, in: db)
            }
        }
    }

    func membership(of userID: String, in url: String) async throws -> MembershipStatus {
        try await database.read { db in
            let channel = try channels.existing(.group, url: url, in: db)
            let member = try members.find(channelID: channel.rowID, userRowID: try users.existingRowID(of: userID, in: db), in: db)
            return MembershipStatus(isMember: member != nil, state: member?.state)
        }
    }

    /// One page of a channel's members, with the details asked for; with `viewerID`, each says
    /// whether the viewer blocks them and whether they block the viewer.
    func members(
        of url: String, _ query: MemberListQuery, details: MemberListDetails, viewerID: String?,
        page request: PageRequest
    ) async throws -> Page<ChannelMember> {
        var query = query
        query.now = clock.now
        return try await database.read { [query] db in
            let channel = try channels.existing(.group, url: url, in: db)
            let viewer = try viewerID.map { try users.existingRowID(of: $0, in: db) }
            let fetched = try members.page(of: channel.rowID, query, limit: request.fetchLimit, in: db)
            let page = Page(fetched: fetched, request: request) { row in
                switch query.order {
                case .memberNicknameAlphabetical:
                    PageCursor([row.nickname, String(row.member.userRowID)])
                case .operatorThenMemberAlphabetical:
                    PageCursor([row.isOperator ? "1" : "0", row.nickname, String(row.member.userRowID)])
                }
            }
            return try page.mapItems { rows in
                let userRowIDs = rows.map(\.member.userRowID)
                let summaries = try users.summaries(ofRows: userRowIDs, in: db)
                let relations = try viewer.map { try BlockRepository().relations(of: $0, with: userRowIDs, in: db) }
                let push = details.pushPreference ? try members.pushSettings(of: userRowIDs, in: channel.rowID, in: db) : [:]
                return rows.compactMap { row in
                    summaries[row.member.userRowID].map { user in
                        ChannelMember(
                            user: user, state: row.member.state, isOperator: row.isOperator, isMuted: details.muted ? row.isMuted : nil,
                            blocking: relations.map { ($0.blocking.contains(user.rowID), $0.blockedBy.contains(user.rowID)) },
                            readAt: details.readReceipt ? row.member.lastReadAt : nil,
                            deliveredAt: details.deliveryReceipt ? row.member.deliveredAt : nil,
                            push: details.pushPreference ? push[user.rowID] ?? MemberPushSettings() : nil
                        )
                    }
                }
            }
        }
    }

    // MARK: Hide and history

    /// Hides the channel from one member's list, or with `should_hide_all` from every
    /// member's (no `user_id` needed then).
    func hide(_ url: String, _ request: HideRequest) async throws {
        let now = clock.now
        try await database.write { db in
            let channel = try channels.existing(.group, url: url, in: db)
            let state: HiddenState = request.allowAutoUnhide ?? true ? .hiddenAllowAutoUnhide : .hiddenPreventAutoUnhide
            let offset = request.hidePreviousMessages == true ? now : nil
            let member = request.shouldHideAll == true ? nil : try memberRowID(request.userID, of: channel, in: db)
            try members.setHiddenState(state, channelID: channel.rowID, userRowID: member, messageOffset: offset, in: db)
            if let offset {
                // The messages hidden are read: none of them is left unread.
                try readState.markRead(channelID: channel.rowID, member: member, upTo: offset, in: db)
            }
            let payload = HiddenEvent(
                hiddenAt: now, hidePreviousMessages: request.hidePreviousMessages == true, allowAutoUnhide: state == .hiddenAllowAutoUnhide
            )
            try recordHiddenState(.channelHide, payload, of: channel, member: member, at: now, in: db)
        }
    }

    /// Shows the channel again in one member's list, or with `should_unhide_all` in every member's.
    func unhide(_ url: String, userID: String?, unhideAll: Bool) async throws {
        let now = clock.now
        try await database.write { db in
            let channel = try channels.existing(.group, url: url, in: db)
            let member = unhideAll ? nil : try memberRowID(userID, of: channel, in: db)
            try members.setHiddenState(.unhidden, channelID: channel.rowID, userRowID: member, messageOffset: nil, in: db)
            try recordHiddenState(.channelUnhide, UnhiddenEvent(unhiddenAt: now), of: channel, member: member, at: now, in: db)
        }
    }

    /// A channel hidden or shown again is news to the member it was for alone (every member,
    /// when it was for all of them).
    private func recordHiddenState(
        _ category: EventCategory, _ payload: some Encodable, of channel: ChannelRecord, member: Int64?, at now: Int64, in db: Database
    ) throws {
        guard let member else { return try events.recordStreamEvent(category, payload, channel, at: now, in: db) }
        try events.recordStreamEvent(category, payload, channel, user: try users.summary(ofRow: member, in: db), at: now, audience: .concernedOnly, in: db)
    }

    /// The row id of the member named by a required `user_id`.
    private func memberRowID(_ userID: String?, of channel: ChannelRecord, in db: Database) throws -> Int64 {
        guard let userID else { throw APIError.missing("user_id") }
        let userRowID = try users.existingRowID(of: userID, in: db)
        return try requireMember(userRowID, userID: userID, of: channel, in: db).userRowID
    }

    /// Moves the message offset to now, so earlier messages vanish for that member (or all).
    /// Earlier messages vanish for the member (or, with `reset_all`, every member): their
    /// last message, read receipt and unread counts start over from now.
    func resetHistory(_ url: String, _ request: ResetHistoryRequest) async throws -> Int64 {
        let now = clock.now
        return try await database.write { db in
            let channel = try channels.existing(.group, url: url, in: db)
            // A statement each, whether for one member or for every member of a Supergroup.
            let member = request.resetAll == true ? nil : try memberRowID(request.userID, of: channel, in: db)
            try members.setMessageOffset(now, channelID: channel.rowID, userRowID: member, in: db)
            try readState.markRead(channelID: channel.rowID, member: member, upTo: now, in: db)
            return now
        }
    }

    // MARK: Typing

    /// Records that members started (or stopped) typing.
    func setTyping(_ url: String, userIDs: [String], typing: Bool) async throws {
        guard !userIDs.isEmpty else { throw APIError.missing("user_ids") }
        guard userIDs.count <= ChannelRules.maxTypingUsers else { throw APIError.tooManyItems("user_ids", max: ChannelRules.maxTypingUsers) }
        let now = clock.now
        try await database.write { db in
            let channel = try channels.existing(.group, url: url, in: db)
            for userID in userIDs {
                let userRowID = try users.existingRowID(of: userID, in: db)
                _ = try requireMember(userRowID, userID: userID, of: channel, in: db)
                if typing {
                    try members.startTyping(channelID: channel.rowID, userRowID: userRowID, at: now, in: db)
                } else {
                    try members.stopTyping(channelID: channel.rowID, userRowID: userRowID, in: db)
                }
                // The other members hear it; the typist's own app knows already, and in a 1-on-1
                // channel someone who blocks the typist hears nothing from them.
                let payload = TypingEvent(startedAt: typing ? now : nil, endedAt: typing ? nil : now)
                let blockers = try blockersInOneOnOne(channel, of: userRowID, in: db)
                try events.recordStreamEvent(
                    typing ? .typingStart : .typingEnd, payload, channel, user: try users.summary(ofRow: userRowID, in: db), at: now,
                    audience: .excluding([userID] + blockers), in: db
                )
            }
        }
    }

    // MARK: Helpers

    /// The ids of the other member of a 1-on-1 channel if they block `userRowID`; none elsewhere.
    private func blockersInOneOnOne(_ channel: ChannelRecord, of userRowID: Int64, in db: Database) throws -> [String] {
        guard channel.isOneOnOne else { return [] }
        let blockers = try BlockRepository().blockers(of: userRowID, amongMembersOf: channel.rowID, in: db)
        return try users.summaries(ofRows: blockers, in: db).values.map(\.userID)
    }

    /// The channel and the row id of a user invited to it who has not answered yet.
    private func pendingInvitation(in url: String, of userID: String, in db: Database) throws -> (ChannelRecord, Int64) {
        let channel = try channels.existing(.group, url: url, in: db)
        let userRowID = try users.existingRowID(of: userID, in: db)
        guard try members.find(channelID: channel.rowID, userRowID: userRowID, in: db)?.state == .invited else {
            throw APIError.notInvited(userID)
        }
        return (channel, userRowID)
    }

    func requireMember(_ userRowID: Int64, userID: String, of channel: ChannelRecord, in db: Database) throws -> MemberRecord {
        guard let member = try members.find(channelID: channel.rowID, userRowID: userRowID, in: db) else {
            throw APIError.notAMember(userID)
        }
        return member
    }
}

private struct HiddenEvent: Encodable {
    let hiddenAt: Int64
    let hidePreviousMessages: Bool
    let allowAutoUnhide: Bool

    enum CodingKeys: String, CodingKey {
        case hiddenAt = "hidden_at", hidePreviousMessages = "hide_previous_messages", allowAutoUnhide = "allow_auto_unhide"
    }
}

private struct UnhiddenEvent: Encodable {
    let unhiddenAt: Int64

    enum CodingKeys: String, CodingKey { case unhiddenAt = "unhidden_at" }
}

/// `started_at` when typing starts, `ended_at` when it ends.
private struct TypingEvent: Encodable {
    let startedAt: Int64?
    let endedAt: Int64?

    enum CodingKeys: String, CodingKey { case startedAt = "started_at", endedAt = "ended_at" }
}
