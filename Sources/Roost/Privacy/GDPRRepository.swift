/// A row of gdpr_requests.
struct GDPRRequest: Sendable, FetchableRecord {
    var id: Int64 = 0
    var requestID: String
    var action: String
    var userID = ""
    var userIDs: [String] = []
    var channelDeleteOption = UserErasure.ChannelOption.doNotDelete.rawValue
    var status = ExportStatus.scheduled
    var createdAt: Int64
    var fileURL: String?
    var expiresAt: Int64 = 0

    /// The columns `init(row:)` reads, in its order.
    enum Columns: Int, TableColumns {
        case id, request_id, action, user_id, user_ids, channel_delete_option, status, created_at, file_url, expires_at
    }
}

extension GDPRRequest {
    init(row: Row) {
        id = row[Columns.id]
        requestID = row[Columns.request_id]
        action = row[Columns.action]
        userID = row[Columns.user_id]
        userIDs = JSONColumn.decode(row[Columns.user_ids])
        channelDeleteOption = row[Columns.channel_delete_option]
        status = ExportStatus(rawValue: row[Columns.status]) ?? .scheduled
        createdAt = row[Columns.created_at]
        fileURL = row[Columns.file_url]
        expiresAt = row[Columns.expires_at]
    }
}

/// The gdpr_requests table. Every method runs inside the caller's transaction.
struct GDPRRepository: Sendable {
    private static let columns = GDPRRequest.Columns.qualified(by: "gdpr_requests")

    func insert(_ request: GDPRRequest, in db: Database) throws -> Int64 {
        try db.insert(
            sql: """
                INSERT INTO gdpr_requests (request_id, action, user_id, user_ids, channel_delete_option, status, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                request.requestID, request.action, request.userID, JSONColumn.encode(request.userIDs), request.channelDeleteOption,
                request.status.rawValue, request.createdAt,
            ]
        )
    }

    func save(_ request: GDPRRequest, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE gdpr_requests SET status = ?, file_url = ?, expires_at = ? WHERE id = ?",
            arguments: [request.status.rawValue, request.fileURL, request.expiresAt, request.id]
        )
    }

    func delete(_ id: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM gdpr_requests WHERE id = ?", arguments: [id])
    }

    func find(id: Int64, in db: Database) throws -> GDPRRequest? {
        try GDPRRequest.fetchOne(db.cachedStatement(sql: "SELECT \(Self.columns) FROM gdpr_requests WHERE id = ?"), arguments: [id])
    }

    func find(requestID: String, in db: Database) throws -> GDPRRequest? {
        try GDPRRequest.fetchOne(db.cachedStatement(sql: "SELECT \(Self.columns) FROM gdpr_requests WHERE request_id = ?"), arguments: [requestID])
    }

    func page(after: Int64?, limit: Int, in db: Database) throws -> [GDPRRequest] {
        try GDPRRequest.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM gdpr_requests WHERE id < ? ORDER BY id DESC LIMIT ?"),
            arguments: [after ?? .max, limit]
        )
    }
}
