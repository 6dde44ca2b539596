/// The data_exports table. Every method runs inside the caller's transaction.
struct DataExportRepository: Sendable {
    private static let columns = DataExportRecord.Columns.qualified(by: "data_exports")

    func insert(requestID: String, type: ExportDataType, request: ExportRequest, at time: Int64, in db: Database) throws -> Int64 {
        try db.insert(
            sql: "INSERT INTO data_exports (request_id, data_type, request, status, created_at) VALUES (?, ?, ?, 'scheduled', ?)",
            arguments: [requestID, type.rawValue, JSONColumn.encode(request), time]
        )
    }

    func save(_ record: DataExportRecord, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE data_exports SET status = ?, file_url = ?, expires_at = ? WHERE id = ?",
            arguments: [record.status.rawValue, record.fileURL, record.expiresAt, record.id]
        )
    }

    /// An export read again after a write in the same transaction.
    func existing(id: Int64, in db: Database) throws -> DataExportRecord {
        guard let record = try find(id: id, in: db) else { throw APIError.notFound("Export") }
        return record
    }

    func find(id: Int64, in db: Database) throws -> DataExportRecord? {
        try DataExportRecord.fetchOne(db.cachedStatement(sql: "SELECT \(Self.columns) FROM data_exports WHERE id = ?"), arguments: [id])
    }

    func find(requestID: String, in db: Database) throws -> DataExportRecord? {
        try DataExportRecord.fetchOne(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM data_exports WHERE request_id = ?"), arguments: [requestID]
        )
    }

    /// One page, newest first.
    func page(of type: ExportDataType, after: Int64?, limit: Int, in db: Database) throws -> [DataExportRecord] {
        try DataExportRecord.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM data_exports WHERE data_type = ? AND id < ? ORDER BY id DESC LIMIT ?"),
            arguments: [type.rawValue, after ?? .max, limit]
        )
    }

    /// The file a row of `table` (`data_exports` or `gdpr_requests`) links, if it does.
    func fileURL(in table: String, id: Int64, in db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT file_url FROM \(table) WHERE id = ?", arguments: [id])
    }

    /// Takes the link to its file off a row of `table`, if the row still links `url`.
    func unlinkFile(_ url: String, in table: String, id: Int64, in db: Database) throws {
        try db.execute(sql: "UPDATE \(table) SET file_url = NULL WHERE id = ? AND file_url = ?", arguments: [id, url])
    }
}
