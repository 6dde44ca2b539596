import Foundation
import Hummingbird

/// A GDPR request: `access` (a zip of what Roost holds about a user: the user, the messages
/// they sent, their channels) or `delete` (up to 100 users erased, with their channels as
/// `channel_delete_option` says). The scheduler runs it (`scheduled` → `done`); a request
/// still scheduled can be canceled. Access files are kept seven days. An access file is read
/// from a snapshot and written before the brief transaction that links it; a deletion goes a
/// bounded step per transaction (`UserErasure`).
struct GDPRService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let files: FileStorage
    private let requests = GDPRRepository()
    private let jobs = ScheduledJobRepository()
    private let users = UserRepository()

    static let runKind = "gdpr"
    static let maxUsers = 100

    struct Registration: Decodable, Sendable {
        var action: String?
        var userID: String?
        var userIDs: [String]?
        var channelDeleteOption: String?

        enum CodingKeys: String, CodingKey {
            case action, userID = "user_id", userIDs = "user_ids", channelDeleteOption = "channel_delete_option"
        }
    }

    func register(_ registration: Registration) async throws -> GDPRRequest {
        // Sendbird's page makes `delete` the default action.
        let action = registration.action.flatMap { $0.isEmpty ? nil : $0 } ?? "delete"
        guard action == "access" || action == "delete" else { throw APIError.invalid("action", "Give access or delete.") }
        let option = registration.channelDeleteOption.flatMap { $0.isEmpty ? nil : $0 } ?? UserErasure.ChannelOption.doNotDelete.rawValue
        guard UserErasure.ChannelOption(rawValue: option) != nil else {
            throw APIError.invalid("channel_delete_option", "Give do_not_delete, 1_on_1 or all.")
        }
        let now = clock.now
        return try await database.write { db in
            var request = GDPRRequest(requestID: files.random.hex(bytes: 8), action: action, createdAt: now)
            if action == "access" {
                guard let userID = registration.userID, !userID.isEmpty else { throw APIError.missing("user_id") }
                _ = try users.existingRowID(of: userID, in: db)
                request.userID = userID
            } else {
                let userIDs = (registration.userIDs ?? []).filter { !$0.isEmpty }
                guard !userIDs.isEmpty else { throw APIError.missing("user_ids") }
                guard userIDs.count <= Self.maxUsers else { throw APIError.tooManyItems("user_ids", max: Self.maxUsers) }
                for userID in userIDs { _ = try users.existingRowID(of: userID, in: db) }
                request.userIDs = userIDs
                request.channelDeleteOption = option
            }
            request.id = try requests.insert(request, in: db)
            let payload = action == "access" ? ExportedFiles.JobPayload.new(in: files) : "{}"
            try jobs.schedule(Self.runKind, for: request.id, at: now, payload: payload, in: db)
            return request
        }
    }

    func request(_ requestID: String) async throws -> GDPRRequest {
        try await database.read { db in try existing(requestID, in: db) }
    }

    func list(page request: PageRequest) async throws -> Page<GDPRRequest> {
        let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
        let fetched = try await database.read { db in try requests.page(after: after, limit: request.fetchLimit, in: db) }
        return Page(fetched: fetched, request: request) { PageCursor([String($0.id)]) }
    }

    /// Cancels a request the scheduler has not run yet.
    func cancel(_ requestID: String) async throws {
        try await database.write { db in
            let request = try existing(requestID, in: db)
            guard request.status == .scheduled else { throw APIError.invalid("request_id", "The request already ran.") }
            try jobs.cancel(Self.runKind, for: request.id, in: db)
            try requests.delete(request.id, in: db)
        }
    }

    // MARK: Jobs

    /// What a request's run found or made before its write.
    enum Prepared: Sendable {
        /// Gone, canceled or done already.
        case moot
        case accessFile(FileStorage.StoredFile)
        case noData
        case erasure(UserErasure.Step, after: UserErasure.Progress)
    }

    /// Reads, from a snapshot, what the run does; writes an access file outside any transaction.
    func prepare(_ job: ScheduledJob, at now: Int64) async throws -> Prepared {
        let erasure = UserErasure(files: files)
        let progress = JSONColumn.decode(UserErasure.Progress.self, from: job.payload) ?? UserErasure.Progress()
        let fileID = ExportedFiles.JobPayload.fileID(of: job)
        /// What one snapshot says the run is to do.
        enum Found {
            /// Gone or done; `linked` when its file is under this job's id.
            case moot(linked: Bool)
            case erasure(UserErasure.Step)
            case access(GDPRRequest, [(name: String, bytes: [UInt8])]?)
        }
        let found = try await database.read { db -> Found in
            guard let id = job.subjectID, let request = try requests.find(id: id, in: db) else { return .moot(linked: false) }
            guard request.status == .scheduled else { return .moot(linked: request.fileURL?.contains("/\(fileID)/") == true) }
            guard request.action == "delete" else { return .access(request, try accessFiles(of: request.userID, in: db)) }
            let option = UserErasure.ChannelOption(rawValue: request.channelDeleteOption) ?? .doNotDelete
            return .erasure(try erasure.nextStep(of: request.userIDs, channels: option, after: progress, in: db))
        }
        switch found {
        case .moot(let linked):
            // A file an earlier, interrupted run of an access request left under its id goes.
            if !linked, JSONColumn.decode(ExportedFiles.JobPayload.self, from: job.payload) != nil {
                ExportedFiles(files: files).remove(fileID: fileID)
            }
            return .moot
        case .erasure(let step):
            return .erasure(step, after: progress)
        case .access(_, nil):
            return .noData
        case .access(let request, let contents?):
            return .accessFile(try ExportedFiles(files: files).write(contents, as: "gdpr_\(request.requestID).zip", fileID: fileID))
        }
    }

    /// Records what was prepared: links an access file, or takes one step of an erasure.
    func run(_ job: ScheduledJob, _ prepared: Prepared, at now: Int64, in db: Database, afterCommit: AfterCommit) throws -> JobOutcome {
        guard let id = job.subjectID, var request = try requests.find(id: id, in: db), request.status == .scheduled else {
            if case .accessFile(let stored) = prepared { afterCommit.add { [files] in files.remove(stored) } }
            // A compaction this job began must not outlive it: the search index waits for it.
            if JSONColumn.decode(UserErasure.Progress.self, from: job.payload)?.compacting == true { try SearchIndex.endCompaction(in: db) }
            return .done
        }
        switch prepared {
        case .moot:
            return .done
        case .noData:
            request.status = .noData
        case .accessFile(let stored):
            request.status = .done
            request.fileURL = stored.url
            request.expiresAt = try ExportedFiles(files: files).keep(for: id, in: "gdpr_requests", at: now, in: db)
        case .erasure(let step, let progress):
            if let next = try UserErasure(files: files).perform(step, after: progress, in: db, afterCommit: afterCommit) {
                return .again(at: now, payload: try JSONText(next).text)
            }
            request.status = .done
        }
        try requests.save(request, in: db)
        return .done
    }

    /// An access file its run's write did not link goes.
    func discard(_ prepared: Prepared) {
        if case .accessFile(let stored) = prepared { files.remove(stored) }
    }

    /// `user.json`, `messages.json` (what they sent, as history answers it) and
    /// `channels.json` (the group channels they belong to); nil when the user is gone.
    private func accessFiles(of userID: String, in db: Database) throws -> [(name: String, bytes: [UInt8])]? {
        guard let user = try users.find(userID, in: db), let rowID = try users.rowID(of: userID, in: db) else { return nil }
        let messageIDs = try MessageRepository().ids(sentBy: rowID, in: db)
        let records = try MessageRepository().find(ids: messageIDs, in: db)
        let channelRepository = ChannelRepository()
        var channelRecords: [Int64: ChannelRecord] = [:]
        for record in records.values where channelRecords[record.channelID] == nil {
            channelRecords[record.channelID] = try channelRepository.find(rowID: record.channelID, in: db)
        }
        let messages = try MessageAssembler().messages(messageIDs.compactMap { records[$0] }, channels: channelRecords, options: MessageViewOptions(), in: db)
        let memberOf = try MemberRepository().channelIDs(of: rowID, customType: nil, in: db)
        let channels = try GroupChannelAssembler().channels(
            try memberOf.compactMap { try channelRepository.find(rowID: $0, in: db) }, options: ChannelViewOptions(), in: db
        )
        return [
            ("user.json", try JSON.encoder.encode(UserBody(user))),
            ("messages.json", try JSON.encoder.encode(MessagesFile(messages: messages))),
            ("channels.json", try JSON.encoder.encode(ChannelsFile(groupChannels: channels))),
        ]
    }

    private struct MessagesFile: Encodable {
        let messages: [Message]
    }

    private struct ChannelsFile: Encodable {
        let groupChannels: [GroupChannel]

        enum CodingKeys: String, CodingKey { case groupChannels = "group_channels" }
    }

    private func existing(_ requestID: String, in db: Database) throws -> GDPRRequest {
        guard let request = try requests.find(requestID: requestID, in: db) else { throw APIError.notFound("GDPR request") }
        return request
    }
}
