import Foundation

/// Data exports: registered for a time range and filters, run by the scheduler, which
/// writes the zip with the uploads (`scheduled` → `done`, or `no data`); the file is kept
/// seven days (`ExportedFiles`). The export is read from a snapshot and written to its file
/// before the brief transaction that marks it done, so the writer never waits for it.
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
            let id = try exports.insert(requestID: files.random.hex(bytes: 8), type: type, request: request, at: now, in: db)
            try jobs.schedule(Self.runKind, for: id, at: now, payload: ExportedFiles.JobPayload.new(in: files), in: db)
            return try exports.existing(id: id, in: db)
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

    /// What an export's run made before its write: nothing to do, or its outcome.
    enum Prepared: Sendable {
        case moot
        case noData
        case tooLarge
        case file(FileStorage.StoredFile)
    }

    /// Reads the export from one snapshot and writes its file, outside any transaction.
    func prepare(_ job: ScheduledJob, at now: Int64) async throws -> Prepared {
        let fileID = ExportedFiles.JobPayload.fileID(of: job)
        let writer = ExportWriter(applicationID: files.applicationID)
        /// What one snapshot says of the export.
        enum Found {
            case scheduled(DataExportRecord, ExportWriter.Outcome)
            /// Done, its file under this job's id.
            case linked
            /// Gone, or done without a file under this job's id.
            case unlinked
        }
        let found = try await database.read { db -> Found in
            guard let id = job.subjectID, let record = try exports.find(id: id, in: db) else { return .unlinked }
            guard record.status == .scheduled else { return record.fileURL?.contains("/\(fileID)/") == true ? .linked : .unlinked }
            return .scheduled(record, try writer.files(of: record.dataType, record.request, in: db))
        }
        let (record, outcome): (DataExportRecord, ExportWriter.Outcome)
        switch found {
        case .linked:
            return .moot
        case .unlinked:
            // A file an earlier, interrupted run left under this id goes.
            ExportedFiles(files: files).remove(fileID: fileID)
            return .moot
        case .scheduled(let scheduled, let made):
            (record, outcome) = (scheduled, made)
        }
        switch outcome {
        case .noData: return .noData
        case .tooLarge: return .tooLarge
        case .files(let contents):
            return .file(try ExportedFiles(files: files).write(
                contents, as: "\(record.dataType.rawValue)_\(record.requestID).zip", fileID: fileID
            ))
        }
    }

    /// Marks the export done, linking its file.
    func run(_ job: ScheduledJob, _ prepared: Prepared, at now: Int64, in db: Database, afterCommit: AfterCommit) throws -> JobOutcome {
        guard let id = job.subjectID, var record = try exports.find(id: id, in: db), record.status == .scheduled else {
            if case .file(let stored) = prepared { afterCommit.add { [files] in files.remove(stored) } }
            return .done
        }
        switch prepared {
        case .moot: return .done
        case .noData: record.status = .noData
        case .tooLarge: record.status = .sizeExceeded
        case .file(let stored):
            record.status = .done
            record.fileURL = stored.url
            record.expiresAt = try ExportedFiles(files: files).keep(for: id, in: "data_exports", at: now, in: db)
        }
        try exports.save(record, in: db)
        return .done
    }

    /// A file its run's write did not link goes.
    func discard(_ prepared: Prepared) {
        if case .file(let stored) = prepared { files.remove(stored) }
    }

    // MARK: Rules

    private static func check(_ type: ExportDataType, _ request: ExportRequest) throws(APIError) {
        guard request.startTS != ExportRequest.absent else { throw .missing("start_ts") }
        guard request.endTS != ExportRequest.absent else { throw .missing("end_ts") }
        guard request.startTS >= 0 else { throw .negativeNotAllowed("start_ts") }
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
