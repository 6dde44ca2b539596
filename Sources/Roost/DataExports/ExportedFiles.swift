import Foundation

/// The files exports and GDPR access requests make: zipped, stored with the uploads, kept
/// seven days, then removed by a `file_expiry` job, which also takes the link off the row
/// (`file_url` of `data_exports` or `gdpr_requests`).
///
/// A file is written before the transaction that links it, outside it, and under the file id
/// its job was registered with: a run cut short after the write writes the same file again,
/// so no file is left that nothing refers to. A file goes only once the commit that unlinks
/// it is done.
struct ExportedFiles: Sendable {
    let files: FileStorage
    private let jobs = ScheduledJobRepository()

    static let expiryKind = "file_expiry"
    static let retention: Int64 = 7 * 86_400_000
    /// The tables whose rows hold such files.
    static let tables = ["data_exports", "gdpr_requests"]

    /// The payload of a job that makes a file: the id the file is stored under.
    struct JobPayload: Codable {
        var fileID: String

        enum CodingKeys: String, CodingKey { case fileID = "file_id" }

        /// A payload with a new file id, for a job being registered.
        static func new(in files: FileStorage) -> String {
            (try? JSONText(JobPayload(fileID: files.newFileID())).text) ?? "{}"
        }

        /// The file id a job registered with (a job registered before file ids were, gets one
        /// from its key: a number, which is hex too).
        static func fileID(of job: ScheduledJob) -> String {
            JSONColumn.decode(JobPayload.self, from: job.payload)?.fileID ?? "0\(job.id)"
        }
    }

    /// Zips and stores the files under `fileID`, outside any transaction.
    func write(_ contents: [(name: String, bytes: [UInt8])], as name: String, fileID: String) throws -> FileStorage.StoredFile {
        var zip = ZipArchive()
        for file in contents { zip.add(file.name, file.bytes) }
        return try files.store(zip.pieces, name: name, type: "application/zip", fileID: fileID)
    }

    /// Removes what `write` stored under `fileID`, whatever its name.
    func remove(fileID: String) {
        files.remove(fileID: fileID)
    }

    /// Schedules the removal of the row `id`'s file in `table`; answers when it expires.
    func keep(for id: Int64, in table: String, at now: Int64, in db: Database) throws -> Int64 {
        let expiresAt = now + Self.retention
        try jobs.schedule(Self.expiryKind, key: "\(Self.expiryKind):\(table):\(id)", at: expiresAt, in: db)
        return expiresAt
    }

    /// The scheduler's side: the row no longer links to the file, which goes after the commit.
    func expire(_ job: ScheduledJob, in db: Database, afterCommit: AfterCommit) throws -> JobOutcome {
        let parts = job.key.split(separator: ":").map(String.init)
        guard parts.count == 3, Self.tables.contains(parts[1]), let id = job.subjectID,
              let url = try DataExportRepository().fileURL(in: parts[1], id: id, in: db)
        else { return .done }
        try DataExportRepository().unlinkFile(url, in: parts[1], id: id, in: db)
        afterCommit.add { [files] in files.remove(url: url) }
        return .done
    }
}
