import Foundation
import GRDB
import Hummingbird

/// A GDPR request: `access` (a zip of what Roost holds about a user: the user, the messages
/// they sent, their channels) or `delete` (up to 100 users erased, with their channels as
/// `channel_delete_option` says). The scheduler runs it (`scheduled` → `done`); a request
/// still scheduled can be canceled. Access files are kept seven days.
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
        guard let action = registration.action, !action.isEmpty else { throw APIError.missing("action") }
        guard action == "access" || action == "delete" else { throw APIError.invalid("action", "Give access or delete.") }
        let option = registration.channelDeleteOption.flatMap { $0.isEmpty ? nil : $0 } ?? UserErasure.ChannelOption.doNotDelete.rawValue
        guard UserErasure.ChannelOption(rawValue: option) != nil else {
            throw APIError.invalid("channel_delete_option", "Give do_not_delete, 1_on_1 or all.")
        }
        let now = clock.now
        return try await database.write { db in
            var request = GDPRRequest(requestID: RandomToken.hex(bytes: 8), action: action, createdAt: now)
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
            try jobs.schedule(Self.runKind, for: request.id, at: now, in: db)
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
            guard request.status == "scheduled" else { throw APIError.invalid("request_id", "The request already ran.") }
            try jobs.cancel(Self.runKind, for: request.id, in: db)
            try requests.delete(request.id, in: db)
        }
    }

    // MARK: Jobs

    func run(_ job: ScheduledJob, at now: Int64, in db: Database) throws -> JobOutcome {
        guard let id = job.subjectID, var request = try requests.find(id: id, in: db),
              request.status == "scheduled"
        else { return .done }
        if request.action == "delete" {
            let option = UserErasure.ChannelOption(rawValue: request.channelDeleteOption) ?? .doNotDelete
            try UserErasure(files: files).erase(request.userIDs, channels: option, in: db)
            request.status = "done"
        } else if let contents = try accessFiles(of: request.userID, in: db) {
            let stored = try ExportedFiles(files: files).store(contents, as: "gdpr_\(request.requestID).zip", for: id, in: "gdpr_requests", at: now, in: db)
            request.status = "done"
            (request.fileURL, request.expiresAt) = (stored.url, stored.expiresAt)
        } else {
            request.status = "no data"
        }
        try requests.save(request, in: db)
        return .done
    }

    /// `user.json`, `messages.json` (what they sent, as history answers it) and
    /// `channels.json` (the group channels they belong to); nil when the user is gone.
    private func accessFiles(of userID: String, in db: Database) throws -> [(name: String, bytes: [UInt8])]? {
        guard let user = try users.find(userID, in: db), let rowID = try users.rowID(of: userID, in: db) else { return nil }
        let messageIDs = try Int64.fetchAll(db, sql: "SELECT id FROM messages WHERE sender_id = ? ORDER BY created_at, id", arguments: [rowID])
        let records = try MessageRepository().find(ids: messageIDs, in: db)
        let channelRepository = ChannelRepository()
        var channelRecords: [Int64: ChannelRecord] = [:]
        for record in records.values where channelRecords[record.channelID] == nil {
            channelRecords[record.channelID] = try channelRepository.find(rowID: record.channelID, in: db)
        }
        let messages = try MessageAssembler().messages(messageIDs.compactMap { records[$0] }, channels: channelRecords, options: MessageViewOptions(), in: db)
        let memberOf = try Int64.fetchAll(db, sql: "SELECT channel_id FROM members WHERE user_id = ? ORDER BY channel_id", arguments: [rowID])
        let channels = try GroupChannelAssembler().channels(
            try memberOf.compactMap { try channelRepository.find(rowID: $0, in: db) }, options: ChannelViewOptions(), in: db
        )
        return [
            ("user.json", Array(try JSONText(user).text.utf8)),
            ("messages.json", Array("{\"messages\":[\(try messages.map { try JSONText($0).text }.joined(separator: ","))]}".utf8)),
            ("channels.json", Array("{\"group_channels\":[\(try channels.map { try JSONText($0).text }.joined(separator: ","))]}".utf8)),
        ]
    }

    private func existing(_ requestID: String, in db: Database) throws -> GDPRRequest {
        guard let request = try requests.find(requestID: requestID, in: db) else { throw APIError.notFound("GDPR request") }
        return request
    }
}
