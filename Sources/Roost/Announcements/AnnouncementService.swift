import Foundation

/// Announcements: a message sent at a scheduled time to the sender's channels, to listed
/// channels, or to the channels the sender shares with listed users (created when asked and
/// missing). The scheduler resolves the targets when the time comes, then sends in batches
/// through the normal send path, each batch its own short transaction; an announcement can
/// be paused, resumed, stopped, or canceled before it starts, and holds still in its daily
/// cease window.
struct AnnouncementService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let messages: MessageService
    let channels: GroupChannelService
    let events: EventLog
    let random: RandomTokens
    let announcements = AnnouncementRepository()
    let jobs = ScheduledJobRepository()
    let users = UserRepository()
    let channelRecords = ChannelRepository()

    static let jobKind = "announcement"
    static let maxTargets = 10_000
    /// Channels sent to per write transaction: each is a whole send, so a batch of them holds
    /// the writer for a few milliseconds.
    static let batchSize = 20
    /// Targets resolved per write transaction: listed channels, or the sender's own.
    static let channelsPerResolveStep = 500
    /// Listed users resolved per write transaction: each may need a channel made.
    static let usersPerResolveStep = 50

    // MARK: Create and change

    func create(_ request: AnnouncementRequest) async throws -> AnnouncementBody {
        // Required by Sendbird's page, with no default.
        guard request.message.type != nil else { throw APIError.missing("message.type") }
        let now = clock.now
        var message = AnnouncementMessage()
        var settings = AnnouncementSettings()
        try Self.apply(request, to: &message, &settings)
        let scheduledAt = request.scheduledAt ?? now
        try Self.check(message, settings, scheduledAt: scheduledAt, now: now, creating: true)
        let uniqueID = request.uniqueID.flatMap { $0.isEmpty ? nil : $0 } ?? random.hex(bytes: 16)
        let (checkedMessage, checkedSettings) = (message, settings)
        return try await database.write { db in
            let (message, settings) = (checkedMessage, checkedSettings)
            guard try announcements.find(uniqueID: uniqueID, in: db) == nil else { throw APIError.alreadyExists("unique_id") }
            if message.type == .user { _ = try users.existingRowID(of: message.userID, in: db) }
            var record = AnnouncementRecord(
                uniqueID: uniqueID, group: request.group ?? "", message: message, settings: settings, scheduledAt: scheduledAt, at: now
            )
            record.id = try announcements.insert(record, in: db)
            try jobs.schedule(Self.jobKind, for: record.id, at: scheduledAt, payload: Phase.resolve.rawValue, in: db)
            return AnnouncementBody(record: record, opens: AnnouncementOpens())
        }
    }

    /// An action (`cancel`, `pause`, `resume`, `stop`), or changes to one still scheduled.
    func update(_ uniqueID: String, _ request: AnnouncementRequest) async throws -> AnnouncementBody {
        let now = clock.now
        let record = try await database.write { db in
            var record = try existing(uniqueID, in: db)
            if let action = request.action {
                try perform(action, on: &record, at: now, in: db)
                return record
            }
            guard record.status == .scheduled else {
                throw APIError(code: 400920, message: "Announcement status should be 'scheduled' to be edited. (Current status: \(record.status.rawValue))")
            }
            try Self.apply(request, to: &record.message, &record.settings)
            if let group = request.group { record.group = group }
            if let scheduledAt = request.scheduledAt { record.scheduledAt = scheduledAt }
            try Self.check(record.message, record.settings, scheduledAt: record.scheduledAt, now: now, creating: request.scheduledAt != nil)
            if record.message.type == .user { _ = try users.existingRowID(of: record.message.userID, in: db) }
            try announcements.save(record, in: db)
            try jobs.schedule(Self.jobKind, for: record.id, at: record.scheduledAt, payload: Phase.resolve.rawValue, in: db)
            return record
        }
        // Counted on a reader, after the write: the writer does only the change.
        return try await database.read { db in try withOpens([record], in: db)[0] }
    }

    private func perform(_ action: String, on record: inout AnnouncementRecord, at now: Int64, in db: Database) throws {
        let allowed: [AnnouncementStatus]
        let next: AnnouncementStatus
        switch action {
        case "cancel": (allowed, next) = ([.scheduled], .canceled)
        case "pause": (allowed, next) = ([.running, .onHold], .paused)
        case "resume": (allowed, next) = ([.paused], .running)
        case "stop": (allowed, next) = ([.running, .paused, .onHold], .stopped)
        default: throw APIError.invalid("action", "Give cancel, pause, resume or stop.")
        }
        guard allowed.contains(record.status) else {
            throw APIError(
                code: 400920,
                message: "Announcement status has to be \(allowed.map(\.rawValue).joined(separator: " or ")) to perform action \"\(action)\". (Current status: \(record.status.rawValue))"
            )
        }
        record.status = next
        if next.isFinal { record.completedAt = now }
        try announcements.save(record, in: db)
        if next == .running {
            try jobs.schedule(Self.jobKind, for: record.id, at: now, payload: Phase.send.rawValue, in: db)
        } else {
            try jobs.cancel(Self.jobKind, for: record.id, in: db)
        }
    }

    // MARK: Read

    func announcement(_ uniqueID: String) async throws -> AnnouncementBody {
        try await database.read { db in try withOpens([try existing(uniqueID, in: db)], in: db)[0] }
    }

    func list(status: AnnouncementStatus?, group: String?, byScheduledAt: Bool, page request: PageRequest) async throws -> Page<AnnouncementBody> {
        let after = try request.after.map { cursor throws(APIError) in (try cursor.integer(at: 0), try cursor.integer(at: 1)) }
        return try await database.read { db in
            let fetched = try announcements.page(
                status: status, group: group, byScheduledAt: byScheduledAt, after: after, limit: request.fetchLimit, in: db
            )
            return try Page(fetched: fetched, request: request) {
                PageCursor([String(byScheduledAt ? $0.scheduledAt : $0.createdAt), String($0.id)])
            }.mapItems { try withOpens($0, in: db) }
        }
    }

    private func withOpens(_ records: [AnnouncementRecord], in db: Database) throws -> [AnnouncementBody] {
        let opens = try announcements.opens(of: records.map(\.id), in: db)
        return records.map { AnnouncementBody(record: $0, opens: opens[$0.id] ?? AnnouncementOpens()) }
    }

    func groups(page request: PageRequest) async throws -> Page<String> {
        let after = try request.after.map { cursor throws(APIError) in try cursor.string(at: 0) }
        let fetched = try await database.read { db in try announcements.groups(after: after, limit: request.fetchLimit, in: db) }
        return Page(fetched: fetched, request: request) { PageCursor([$0]) }
    }

    /// Who the sent messages reached and whether they read them, filtered by user ids,
    /// channel urls and `has_opened`.
    func openStatus(
        _ uniqueID: String, userIDs: Set<String>?, channelURLs: Set<String>?, opened: Bool?, page request: PageRequest
    ) async throws -> Page<AnnouncementOpenStatus> {
        let after = try request.after.map { cursor throws(APIError) in (try cursor.string(at: 0), try cursor.string(at: 1)) }
        return try await database.read { db in
            let record = try existing(uniqueID, in: db)
            let rows = try announcements.openStatus(of: record.id, in: db).filter { row in
                (userIDs?.contains(row.userID) ?? true) && (channelURLs?.contains(row.channelURL) ?? true)
                    && (opened.map { $0 == (row.openAt > 0) } ?? true)
                    && (after.map { (row.userID, row.channelURL) > $0 } ?? true)
            }
            let fetched = rows.prefix(request.fetchLimit).map {
                AnnouncementOpenStatus(userID: $0.userID, channelURL: $0.channelURL, sentAt: $0.sentAt, openAt: $0.openAt)
            }
            return Page(fetched: Array(fetched), request: request) { PageCursor([$0.userID, $0.channelURL]) }
        }
    }

    /// Opens by the hour since the announcement started, over `days` days, for one
    /// announcement or a whole group.
    func openRate(uniqueID: String?, group: String?, days: Int) async throws -> AnnouncementOpenRate {
        guard (1...30).contains(days) else { throw APIError.outOfRange("days", 1...30) }
        return try await database.read { db in
            let records = try uniqueID.map { [try existing($0, in: db)] } ?? announcements.announcements(inGroup: group ?? "", in: db)
            if uniqueID == nil, records.isEmpty { throw APIError.notFound("Announcement group") }
            let hours = days * 24
            var counts = Array(repeating: 0, count: hours)
            var targets = 0
            for record in records {
                let rows = try announcements.openStatus(of: record.id, in: db)
                targets += rows.count
                for row in rows where row.openAt > 0 {
                    let hour = Int((row.openAt - record.scheduledAt) / 3_600_000)
                    if counts.indices.contains(hour) { counts[hour] += 1 }
                }
            }
            return AnnouncementOpenRate(uniqueID: uniqueID, group: group, counts: counts, targets: targets)
        }
    }

    /// The finished announcements of each day, ISO week or month in a range, with their counts.
    func statistics(periods: [(label: String, start: Int64, end: Int64)], group: String?) async throws -> [AnnouncementStatistics] {
        try await database.read { db in
            try periods.map { period in
                let finished = try announcements.finished(from: period.start, to: period.end, group: group, in: db)
                var statistics = AnnouncementStatistics(dateRange: period.label)
                for record in finished {
                    statistics.add(record, opened: try announcements.openStatus(of: record.id, in: db).filter { $0.openAt > 0 }.count)
                }
                return statistics
            }
        }
    }

    // MARK: Rules

    private func existing(_ uniqueID: String, in db: Database) throws -> AnnouncementRecord {
        guard let record = try announcements.find(uniqueID: uniqueID, in: db) else { throw APIError.notFound("Announcement") }
        return record
    }


    private static func apply(_ request: AnnouncementRequest, to message: inout AnnouncementMessage, _ settings: inout AnnouncementSettings) throws {
        if let type = request.message.type { message.type = type }
        if let userID = request.message.userID { message.userID = userID }
        if let content = request.message.content { message.content = content }
        if let customType = request.message.customType { message.customType = customType }
        if let data = request.message.data { message.data = data }
        if let target = request.targetAt { settings.targetAt = target }
        if let list = request.targetList { settings.targetList = list }
        if let kind = request.targetChannelType {
            let normalized = kind == "non_distinct" ? "non-distinct" : kind
            guard ["distinct", "non-distinct", "all"].contains(normalized) else {
                throw APIError.invalid("target_channel_type", "Give distinct, non-distinct or all.")
            }
            settings.targetChannelType = normalized
        }
        if let customType = request.targetCustomType { settings.targetCustomType = customType }
        if let create = request.createChannel { settings.createChannel = create }
        let options = request.channelOptions
        if let name = options.name { settings.createChannelOptions.name = name }
        if let cover = options.coverURL { settings.createChannelOptions.coverURL = cover }
        if let customType = options.customType { settings.createChannelOptions.customType = customType }
        if let data = options.data { settings.createChannelOptions.data = data }
        if let distinct = options.distinct { settings.createChannelOptions.distinct = distinct }
        if let push = request.enablePush { settings.enablePush = push }
        if let read = request.markAsRead { settings.markAsRead = read }
        if let assign = request.assignSenderAsChannelInviter { settings.assignSenderAsChannelInviter = assign }
        if let cease = request.ceaseAt { settings.ceaseAt = cease }
        if let resume = request.resumeAt { settings.resumeAt = resume }
        if let end = request.endAt { settings.endAt = end }
    }

    private static func check(
        _ message: AnnouncementMessage, _ settings: AnnouncementSettings, scheduledAt: Int64, now: Int64, creating: Bool
    ) throws(APIError) {
        guard !message.content.isEmpty else { throw .missing("message.content") }
        guard message.content.count <= ChannelRules.maxLengthMessage else { throw .tooLong("message.content", max: ChannelRules.maxLengthMessage) }
        switch message.type {
        case .user: guard !message.userID.isEmpty else { throw .missing("message.user_id") }
        case .admin:
            guard settings.targetAt == .targetChannels else {
                throw .invalid("target_at", "An admin message announcement goes to target_channels.")
            }
        case .file: throw .invalid("message.type", "Give MESG or ADMM.")
        }
        if settings.targetAt != .senderAllChannels, settings.targetList.isEmpty { throw .missing("target_list") }
        guard settings.targetList.count <= maxTargets else { throw .tooManyItems("target_list", max: maxTargets) }
        if creating, scheduledAt < now - 60_000 { throw .invalid("scheduled_at", "scheduled_at must not be before current time.") }
        guard settings.ceaseAt.isEmpty == settings.resumeAt.isEmpty else {
            throw .invalid("cease_at", "cease_at and resume_at go together.")
        }
        for (name, value) in [("cease_at", settings.ceaseAt), ("resume_at", settings.resumeAt)] where !value.isEmpty {
            guard minuteOfDay(value) != nil else { throw .invalid(name, "Give a UTC time as HHMM.") }
        }
        for (name, time) in [("scheduled_at", scheduledAt), ("end_at", settings.endAt)] where time > WallClock.latestTime {
            throw .invalid(name, "Give a time before the year 10000.")
        }
        if settings.endAt != 0, settings.endAt < scheduledAt + 600_000 {
            throw .invalid("end_at", "end_at must be at least 10 minutes after scheduled_at.")
        }
    }

    /// "HHMM" as minutes since midnight.
    private static func minuteOfDay(_ text: String) -> Int? {
        guard text.count == 4, let value = Int(text), value >= 0 else { return nil }
        let (hour, minute) = (value / 100, value % 100)
        guard hour < 24, minute < 60 else { return nil }
        return hour * 60 + minute
    }

    /// When the daily cease window that holds `now` ends (Unix ms), or nil outside it.
    static func ceaseWindowEnd(_ settings: AnnouncementSettings, at now: Int64) -> Int64? {
        guard let cease = minuteOfDay(settings.ceaseAt), let resume = minuteOfDay(settings.resumeAt), cease != resume else { return nil }
        let dayStart = now - now % 86_400_000
        let minute = Int((now - dayStart) / 60_000)
        let inWindow = cease < resume ? (cease..<resume).contains(minute) : minute >= cease || minute < resume
        guard inWindow else { return nil }
        let resumeToday = dayStart + Int64(resume) * 60_000
        return resumeToday > now ? resumeToday : resumeToday + 86_400_000
    }
}
