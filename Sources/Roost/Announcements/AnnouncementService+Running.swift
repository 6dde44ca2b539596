/// Running an announcement, the scheduler's job: its targets found a part at a time, then its
/// messages sent batch after batch through the normal send path.
extension AnnouncementService {
    /// A job's step: resolve the targets when the time comes, a bounded part of them at a
    /// time, then send batch after batch.
    enum Phase: String {
        case resolve, send
    }

    /// How far a job has resolved the targets: through `resolved` entries of the target list,
    /// or the sender's channels after `afterChannel`, with the channels and users found so
    /// far. The announcement shows its counts, and starts running, only once all are found.
    struct Resolution: Codable, Equatable {
        var resolved = 0
        var afterChannel: Int64 = 0
        var channels = 0
        var users = 0

        enum CodingKeys: String, CodingKey {
            case resolved, afterChannel = "after_channel", channels, users
        }

        /// The job's payload: `resolve` at the start, `send` once resolved, this in between.
        init(payload: String) {
            self = JSONColumn.decode(Resolution.self, from: payload) ?? Resolution()
        }

        init() {}
    }

    func run(_ job: ScheduledJob, at now: Int64, in db: Database) throws -> JobOutcome {
        guard let id = job.subjectID, var record = try announcements.find(id: id, in: db),
              !record.status.isFinal, record.status != .paused
        else { return .done }
        if record.settings.endAt > 0, now >= record.settings.endAt {
            record.status = .incompleted
            record.completedAt = now
            try announcements.save(record, in: db)
            return .done
        }
        if Phase(rawValue: job.payload) != .send {
            guard let next = try resolveTargets(of: &record, after: Resolution(payload: job.payload), at: now, in: db) else {
                return .again(at: now, payload: Phase.send.rawValue)
            }
            return .again(at: now, payload: try JSONText(next).text)
        }
        if let resume = Self.ceaseWindowEnd(record.settings, at: now) {
            if record.status != .onHold {
                record.status = .onHold
                try announcements.save(record, in: db)
            }
            return .again(at: resume, payload: Phase.send.rawValue)
        }
        record.status = .running
        let batch = try announcements.pendingTargets(of: record.id, limit: Self.batchSize, in: db)
        guard !batch.isEmpty else {
            record.status = .completed
            record.completedAt = now
            try announcements.save(record, in: db)
            return .done
        }
        let sender = record.message.type == .user ? try users.rowID(of: record.message.userID, in: db) : nil
        var reached: [ChannelRecord] = []
        for channelID in batch {
            var messageID: Int64?
            if let channel = try channelRecords.find(rowID: channelID, in: db) {
                var request = SendMessageRequest()
                request.messageType = record.message.type
                request.userID = record.message.type == .user ? record.message.userID : nil
                request.message = record.message.content
                request.customType = record.message.customType
                request.data = record.message.data
                request.sendPush = record.settings.enablePush
                request.markAsRead = record.settings.markAsRead
                do {
                    try db.inSavepoint {
                        messageID = try messages.sendInTransaction(request, to: channel, at: now, in: db).record.id
                        return .commit
                    }
                    record.sentChannelCount += 1
                    record.sentUserCount += try announcements.recipientCount(of: channelID, sender: sender, in: db)
                    reached.append(channel)
                } catch is APIError {
                    // A channel the send path refuses (the sender left it, it froze) is passed.
                }
            }
            try announcements.markSent(channelID, of: record.id, message: messageID, at: now, in: db)
        }
        try announcements.save(record, in: db)
        if !reached.isEmpty { try recordEvent(.announcementSendMessages, record, channels: reached, at: now, in: db) }
        return .again(at: now, payload: Phase.send.rawValue)
    }

    /// Works out the next part of the channels: the sender's, the listed ones, or those the
    /// sender shares with each listed user, creating a channel for a user who shares none when
    /// asked. Answers where it got to, or nil when all are found (the announcement then runs).
    private func resolveTargets(of record: inout AnnouncementRecord, after progress: Resolution, at now: Int64, in db: Database) throws -> Resolution? {
        let settings = record.settings
        let sender = record.message.type == .user ? try users.rowID(of: record.message.userID, in: db) : nil
        // An update while it was being resolved starts it over.
        if progress == Resolution() { try announcements.removeTargets(of: record.id, in: db) }
        var next = progress
        var channelIDs: [Int64] = []
        var created: [ChannelRecord] = []
        let finished: Bool
        switch settings.targetAt {
        case .senderAllChannels:
            if let sender {
                channelIDs = try announcements.joinedChannels(of: sender, after: progress.afterChannel, limit: Self.channelsPerResolveStep, in: db)
            }
            next.afterChannel = channelIDs.last ?? progress.afterChannel
            finished = channelIDs.count < Self.channelsPerResolveStep
        case .targetChannels:
            let part = settings.targetList.dropFirst(progress.resolved).prefix(Self.channelsPerResolveStep)
            channelIDs = try part.compactMap { try channelRecords.find(.group, url: $0, in: db)?.rowID }
            next.resolved += part.count
            finished = next.resolved >= settings.targetList.count
        case .targetUsersIncludedChannels, .targetUsersOnlyChannels:
            let part = settings.targetList.dropFirst(progress.resolved).prefix(Self.usersPerResolveStep)
            next.resolved += part.count
            finished = next.resolved >= settings.targetList.count
            guard let sender else { break }
            let onlyThem = settings.targetAt == .targetUsersOnlyChannels
            for userID in part {
                guard let user = try users.rowID(of: userID, in: db), user != sender else { continue }
                let shared = try announcements.sharedChannels(of: sender, and: user, kind: settings.targetChannelType, onlyThem: onlyThem, in: db)
                if !shared.isEmpty {
                    channelIDs += shared
                } else if settings.createChannel {
                    let channel = try createChannel(for: record, with: userID, at: now, in: db)
                    channelIDs.append(channel.rowID)
                    created.append(channel)
                }
            }
        }
        if !settings.targetCustomType.isEmpty, settings.targetAt != .targetChannels {
            let chosen = Set(channelIDs)
            channelIDs = try chosen.compactMap { try channelRecords.find(rowID: $0, in: db) }
                .filter { channel in channel.customType == settings.targetCustomType || created.contains { $0.rowID == channel.rowID } }
                .map(\.rowID)
        }
        let added = try announcements.addTargets(Array(Set(channelIDs)).sorted(), to: record.id, in: db)
        next.channels += added.count
        next.users += try added.reduce(0) { $0 + (try announcements.recipientCount(of: $1, sender: sender, in: db)) }
        if !created.isEmpty { try recordEvent(.announcementCreateChannels, record, channels: created, at: now, in: db) }
        guard finished else { return next }
        record.targetChannelCount = next.channels
        record.targetUserCount = next.users
        record.status = .running
        try announcements.save(record, in: db)
        return nil
    }

    private func createChannel(for record: AnnouncementRecord, with userID: String, at now: Int64, in db: Database) throws -> ChannelRecord {
        let options = record.settings.createChannelOptions
        var request = CreateGroupChannelRequest()
        request.userIDs = [record.message.userID, userID]
        request.name = options.name
        request.coverURL = options.coverURL
        request.customType = record.settings.targetCustomType.isEmpty ? options.customType : record.settings.targetCustomType
        request.data = options.data
        request.isDistinct = options.distinct
        if record.settings.assignSenderAsChannelInviter == true { request.inviterID = record.message.userID }
        return try channels.create(request, at: now, in: db).channel
    }

    private func recordEvent(_ category: EventCategory, _ record: AnnouncementRecord, channels: [ChannelRecord], at now: Int64, in db: Database) throws {
        let message = record.message
        let payload = AnnouncementEvent(
            uniqueID: record.uniqueID, announcementGroup: record.group, createdAt: now,
            message: category == .announcementSendMessages
                ? .init(type: message.type.rawValue, userID: message.userID, content: message.content, customType: message.customType, data: message.data)
                : nil,
            channels: channels.map(EventChannel.init)
        )
        try events.record(category, payload, at: now, in: db)
    }
}

/// An announcement's event: with its message when the message is sent.
private struct AnnouncementEvent: Encodable {
    struct Message: Encodable {
        let type: String
        let userID: String
        let content: String
        let customType: String
        let data: String

        enum CodingKeys: String, CodingKey { case type, userID = "user_id", content, customType = "custom_type", data }
    }

    let uniqueID: String
    let announcementGroup: String
    let createdAt: Int64
    let message: Message?
    let channels: [EventChannel]

    enum CodingKeys: String, CodingKey {
        case uniqueID = "unique_id", announcementGroup = "announcement_group", createdAt = "created_at", message, channels
    }
}
