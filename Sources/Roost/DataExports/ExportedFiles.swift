import GRDB

/// The files exports and GDPR access requests make: zipped, stored with the uploads, kept
/// seven days, then removed by a `file_expiry` job, which also takes the link off the row
/// (`file_url` of `data_exports` or `gdpr_requests`).
struct ExportedFiles: Sendable {
    let files: FileStorage
    private let jobs = ScheduledJobRepository()

    static let expiryKind = "file_expiry"
    static let retention: Int64 = 7 * 86_400_000
    /// The tables whose rows hold such files.
    static let tables = ["data_exports", "gdpr_requests"]

    /// Zips and stores the files; answers the stored file's URL and when it expires, and
    /// schedules its removal for the row `id` of `table`.
    func store(
        _ contents: [(name: String, bytes: [UInt8])], as name: String, for id: Int64, in table: String, at now: Int64, in db: Database
    ) throws -> (url: String, expiresAt: Int64) {
        var zip = ZipArchive()
        for file in contents { zip.add(file.name, file.bytes) }
        let stored = try files.store(zip.data, name: name, type: "application/zip")
        let expiresAt = now + Self.retention
        try jobs.schedule(Self.expiryKind, key: "\(Self.expiryKind):\(table):\(id)", at: expiresAt, in: db)
        return (stored.url, expiresAt)
    }

    /// The scheduler's side: the file goes, and the row no longer links to it.
    func expire(_ job: ScheduledJob, in db: Database) throws -> JobOutcome {
        let parts = job.key.split(separator: ":").map(String.init)
        guard parts.count == 3, Self.tables.contains(parts[1]), let id = job.subjectID,
              let url = try String.fetchOne(db, sql: "SELECT file_url FROM \(parts[1]) WHERE id = ?", arguments: [id])
        else { return .done }
        files.remove(url: url)
        try db.execute(sql: "UPDATE \(parts[1]) SET file_url = NULL WHERE id = ?", arguments: [id])
        return .done
    }
}
