/// The reads and deletions of a GDPR erasure, a batch at a time. Every method runs inside the
/// caller's transaction: the reads on a snapshot before a step, the deletions in its write.
struct ErasureRepository: Sendable {
    /// One group channel of the user's that the option deletes.
    func channel(of userRowID: Int64, all: Bool, in db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db, sql: """
                SELECT c.id FROM members m JOIN channels c ON c.id = m.channel_id
                WHERE m.user_id = ? AND (? = 1 OR c.member_count = 2) ORDER BY c.id LIMIT 1
                """,
            arguments: [userRowID, all]
        )
    }

    func messages(sentBy userRowID: Int64, limit: Int, in db: Database) throws -> [ChannelRepository.DoomedMessage] {
        try Row.fetchAll(
            db, sql: "SELECT id, file FROM messages WHERE sender_id = ? ORDER BY \(MessageRepository.senderIndexOrder) LIMIT ?", arguments: [userRowID, limit]
        ).map { ChannelRepository.DoomedMessage(id: $0["id"], file: $0["file"]) }
    }

    /// The newest event now: the end of the range an erasure looks through.
    func lastEventSeq(in db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(seq), 0) FROM events") ?? 0
    }

    /// The events in (`after`, `through`] that concern the user or whose payload names them.
    func events(naming userID: String, after: Int64, through: Int64, in db: Database) throws -> [Int64] {
        try Int64.fetchAll(
            db, sql: """
                SELECT seq FROM events WHERE seq > ? AND seq <= ?
                    AND (\(db.dialect.holdsJSONString("payload")) OR seq IN (SELECT seq FROM event_users WHERE user_id = ?))
                """,
            arguments: [after, through, userID, userID]
        )
    }

    func deleteEvents(_ seqs: [Int64], in db: Database) throws {
        guard !seqs.isEmpty else { return }
        let list = SQL.ValueList(seqs)
        try db.execute(sql: "DELETE FROM events WHERE seq IN (\(list.placeholders))", arguments: list.arguments)
    }

    /// Rows of the smaller tables that name the user inside a snapshot or payload: failed
    /// webhooks, reports, announcements, scheduled messages, pushes and data exports; answers
    /// the files of the exports it deleted.
    func deleteRecords(naming userID: String, in db: Database) throws -> [String] {
        let naming = { (column: String) in db.dialect.holdsJSONString(column) }
        try db.execute(sql: "DELETE FROM failed_webhooks WHERE \(naming("payload"))", arguments: [userID])
        try db.execute(
            sql: """
                DELETE FROM reports WHERE offending_user_id = ? OR \(naming("reporting_user")) OR \(naming("offending_user"))
                    OR \(naming("reported_message"))
                """,
            arguments: [userID, userID, userID, userID]
        )
        try db.execute(sql: "DELETE FROM announcements WHERE \(naming("message")) OR \(naming("settings"))", arguments: [userID, userID])
        try db.execute(sql: "DELETE FROM scheduled_messages WHERE \(naming("request"))", arguments: [userID])
        try db.execute(sql: "DELETE FROM pushes WHERE user_id = ?", arguments: [userID])
        let files = try String.fetchAll(
            db, sql: "SELECT file_url FROM data_exports WHERE \(naming("request")) AND file_url IS NOT NULL", arguments: [userID]
        )
        try db.execute(sql: "DELETE FROM data_exports WHERE \(naming("request"))", arguments: [userID])
        return files
    }

    /// A file an export or an access request made, by the table and row that link it.
    struct LinkedFile: Sendable {
        let table: String
        let id: Int64
        let url: String
    }

    /// Every file exports and access requests made that is still linked.
    func linkedFiles(in db: Database) throws -> [LinkedFile] {
        try Row.fetchAll(
            db, sql: """
                SELECT 'data_exports' AS tbl, id, file_url FROM data_exports WHERE file_url IS NOT NULL
                UNION ALL SELECT 'gdpr_requests', id, file_url FROM gdpr_requests WHERE file_url IS NOT NULL
                """
        ).map { LinkedFile(table: $0["tbl"], id: $0["id"], url: $0["file_url"]) }
    }

    /// Takes a file's link off its row, if the row still links that file.
    func unlink(_ file: LinkedFile, in db: Database) throws {
        guard ExportedFiles.tables.contains(file.table) else { return }
        try DataExportRepository().unlinkFile(file.url, in: file.table, id: file.id, in: db)
    }
}
