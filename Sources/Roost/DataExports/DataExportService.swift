import Foundation
import GRDB

/// Data exports: registered for a time range and filters, run by the scheduler, which
/// writes the zip with the uploads (`scheduled` → `done`, or `no data`); the file is kept
/// seven days (`ExportedFiles`).
struct DataExportService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let files: FileStorage
    private let exports = DataExportRepository()
    private let jobs = ScheduledJobRepository()

    static let runKind = "data_export"
    static let maxMessageRange: Int64 = 31 * 86_400_000
    static let maxMessageRangeWithSenders: Int64 = 186 * 86_400_000
    static let maxFailedWebhookRange: Int64 = 2 * 86_400_000
    static let maxIDs = 10

    func register(_ type: ExportDataType, _ request: ExportRequest) async throws -> DataExportRecord {
        try Self.check(type, request)
        let now = clock.now
        return try await database.write { db in
            let id = try exports.insert(requestID: RandomToken.hex(bytes: 8), type: type, request: request, at: now, in: db)
            try jobs.schedule(Self.runKind, for: id, at: now, in: db)
            return try exports.find(id: id, in: db)!
        }
    }

    func export(_ requestID: String, of type: ExportDataType) async throws -> DataExportRecord {
        try await database.read { db in
            guard let record = try exports.find(requestID: requestID, in: db), record.dataType == type else { throw APIError.notFound("Data export") }
            return record
        }
    }

    func list(_ type: ExportDataType, page request: PageRequest) async throws -> Page<DataExportRecord> {
        let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
        let fetched = try await database.read { db in try exports.page(of: type, after: after, limit: request.fetchLimit, in: db) }
        return Page(fetched: fetched, request: request) { PageCursor([String($0.id)]) }
    }

    // MARK: Jobs

    /// Writes the export's file.
    func run(_ job: ScheduledJob, at now: Int64, in db: Database) throws -> JobOutcome {
        guard let id = job.subjectID, var record = try exports.find(id: id, in: db),
              record.status == "scheduled"
        else { return .done }
        switch try ExportWriter(applicationID: files.applicationID).files(of: record.dataType, record.request, in: db) {
        case .noData:
            record.status = "no data"
        case .tooLarge:
            record.status = "size exceeded"
        case .files(let contents):
            let stored = try ExportedFiles(files: files).store(
                contents, as: "\(record.dataType.rawValue)_\(record.requestID).zip", for: id, in: "data_exports", at: now, in: db
            )
            record.status = "done"
            (record.fileURL, record.expiresAt) = (stored.url, stored.expiresAt)
        }
        try exports.save(record, in: db)
        return .done
    }

    // MARK: Rules

    private static func check(_ type: ExportDataType, _ request: ExportRequest) throws(APIError) {
        guard request.startTS > 0 else { throw .missing("start_ts") }
        guard request.endTS > 0 else { throw .missing("end_ts") }
        guard request.startTS <= request.endTS else { throw .invalid("end_ts", "end_ts comes before start_ts.") }
        let range = request.endTS - request.startTS
        switch type {
        case .messages:
            let limit = request.senderIDs.isEmpty ? maxMessageRange : maxMessageRangeWithSenders
            guard range <= limit else { throw .invalid("end_ts", "A message export covers at most \(limit / 86_400_000) days.") }
        case .failedWebhooks:
            guard range <= maxFailedWebhookRange else { throw .invalid("end_ts", "A failed webhook export covers at most 2 days.") }
        case .channels, .users:
            break
        }
        guard ["json", "csv"].contains(request.format) else { throw .invalid("format", "Give json or csv.") }
        guard request.csvDelimiter.count == 1 else { throw .invalid("csv_delimiter", "Give one character.") }
        guard TimeZone(identifier: request.timezone) != nil else { throw .invalid("timezone") }
        for (name, ids) in [("sender_ids", request.senderIDs), ("exclude_sender_ids", request.excludeSenderIDs)] where ids.count > maxIDs {
            throw .tooManyItems(name, max: maxIDs)
        }
    }
}
