/// Read and delivery state, unread counts and count preferences of group channel members.
struct ReadStateService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    private let users = UserRepository()
    private let channels = ChannelRepository()
    private let members = MemberRepository()
    private let readState = ReadStateRepository()


    /// Marks a member's messages as read up to `timestamp`; absent or 0 (which the official
    /// SDK sends when none is chosen) means up to now. Only messages received by then can be
    /// read, so a later time counts as now. Reads and receipts take their time inside their
    /// write, as sends do (`MessageService`): a read never passes a message committed before it.
    func markAsRead(_ url: String, userID: String, timestamp: Int64?) async throws {
        if let timestamp, timestamp < 0 { throw APIError.negativeNotAllowed("timestamp") }
        try await database.write { db in
            let now = clock.now
            let upTo = timestamp.flatMap { $0 > 0 ? min($0, now) : nil } ?? now
            let (channel, member) = try member(url, userID, in: db)
            let unread = try readState.markRead(channelID: channel.rowID, userRowID: member.userRowID, upTo: upTo, in: db) ?? 0
            try MessageEvents(log: events).read(
                channel, by: member.userRowID, upTo: upTo, unread: (before: member.unreadMessageCount(in: channel), after: unread), in: db
            )
            try UserActivityRepository().recordActive(member.userRowID, viewed: true, at: now, in: db)
        }
    }

    /// Marks a member's messages as delivered; answers the time recorded.
    func markAsDelivered(_ url: String, userID: String) async throws -> Int64 {
        try await database.write { db in
            let now = clock.now
            let (channel, userRowID) = try membership(url, userID, in: db)
            try readState.markDelivered(channelID: channel.rowID, userRowID: userRowID, upTo: now, in: db)
            try events.recordStreamEvent(.deliveryReceipt, Delivered(deliveredAt: now), channel, user: try users.summary(ofRow: userRowID, in: db), at: now, in: db)
            return now
        }
    }

    /// Each member's unread message count, or only the named members'.
    func unreadCounts(_ url: String, userIDs: [String]?) async throws -> [String: Int] {
        try await database.read { db in
            let channel = try channels.existing(.group, url: url, in: db)
            let records = try members.members(ofChannels: [channel.rowID], in: db)[channel.rowID] ?? []
            let summaries = try users.summaries(ofRows: records.map(\.userRowID), in: db)
            var counts: [String: Int] = [:]
            for record in records {
                guard let userID = summaries[record.userRowID]?.userID else { continue }
                if let userIDs, !userIDs.contains(userID) { continue }
                counts[userID] = record.unreadMessageCount(in: channel)
            }
            return counts
        }
    }

    /// Marks every message as read in the user's joined channels, or in the listed ones.
    func markAllAsRead(userID: String, channelURLs: [String]?) async throws {
        try await database.write { db in
            let now = clock.now
            let userRowID = try users.existingRowID(of: userID, in: db)
            let channelIDs: [Int64]
            if let channelURLs, !channelURLs.isEmpty {
                channelIDs = try channelURLs.map { try channels.existing(.group, url: $0, in: db).rowID }
            } else {
                channelIDs = try members.channelIDs(of: userRowID, customType: nil, in: db)
            }
            for channelID in channelIDs {
                guard let channel = try channels.find(rowID: channelID, in: db) else { continue }
                let unreadBefore = try members.find(channelID: channelID, userRowID: userRowID, in: db)?.unreadMessageCount(in: channel) ?? 0
                let unread = try readState.markRead(channelID: channelID, userRowID: userRowID, upTo: now, in: db) ?? 0
                if unreadBefore > 0 {
                    try MessageEvents(log: events).read(channel, by: userRowID, upTo: now, unread: (before: unreadBefore, after: unread), in: db)
                }
            }
            try UserActivityRepository().recordActive(userRowID, viewed: true, at: now, in: db)
        }
    }

    func totals(of userID: String, customTypes: [String]?, superMode: ChannelFilter.SuperMode) async throws -> UnreadTotals {
        try await database.read { db in
            try readState.unreadTotals(of: try users.existingRowID(of: userID, in: db), customTypes: customTypes, superMode: superMode, in: db)
        }
    }

    func countPreference(of userID: String, in url: String) async throws -> CountPreference {
        try await database.read { db in
            let (channel, userRowID) = try membership(url, userID, in: db)
            return try members.existing(channelID: channel.rowID, userRowID: userRowID, in: db).countPreference
        }
    }

    func setCountPreference(_ preference: CountPreference, of userID: String, in url: String) async throws {
        try await database.write { db in
            let (channel, userRowID) = try membership(url, userID, in: db)
            try readState.setCountPreference(preference, channelID: channel.rowID, userRowID: userRowID, in: db)
        }
    }

    /// The channel and the row id of a user who must be a member of it.
    private func membership(_ url: String, _ userID: String, in db: Database) throws -> (ChannelRecord, Int64) {
        let (channel, member) = try member(url, userID, in: db)
        return (channel, member.userRowID)
    }

    /// The channel and the membership of a user who must be a member of it.
    private func member(_ url: String, _ userID: String, in db: Database) throws -> (ChannelRecord, MemberRecord) {
        let channel = try channels.existing(.group, url: url, in: db)
        let userRowID = try users.existingRowID(of: userID, in: db)
        guard let member = try members.find(channelID: channel.rowID, userRowID: userRowID, in: db) else {
            throw APIError.notAMember(userID)
        }
        return (channel, member)
    }
}

private struct Delivered: Encodable {
    let deliveredAt: Int64

    enum CodingKeys: String, CodingKey { case deliveredAt = "delivered_at" }
}
