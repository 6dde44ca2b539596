import Foundation
import GRDB

/// Erases users for a GDPR deletion, inside the caller's transaction: the messages they
/// sent (with their uploaded files), their group channels as the option says, every event,
/// failed webhook, report, announcement, scheduled message and export that names them, then
/// the users themselves (their metadata, tokens, memberships and the rest go with their
/// rows). The search index is compacted afterwards, so that no deleted text lingers in it.
/// The GDPR request that asked for it is the one record left that names them.
struct UserErasure: Sendable {
    let files: FileStorage
    private let users = UserRepository()
    private let channels = ChannelRepository()

    enum ChannelOption: String, Sendable {
        case doNotDelete = "do_not_delete"
        case oneOnOne = "1_on_1"
        case all
    }

    func erase(_ userIDs: [String], channels option: ChannelOption, in db: Database) throws {
        for userID in userIDs {
            guard let rowID = try users.rowID(of: userID, in: db) else { continue }
            try deleteChannels(of: rowID, option, in: db)
            try deleteMessages(of: rowID, in: db)
            try deleteRecordsNaming(userID, in: db)
            try users.delete(userID, in: db)
        }
        // The index drops the erased messages now rather than at the commit, so that the
        // compaction that follows leaves none of their words behind.
        try SearchIndex.catchUp(in: db)
        try db.execute(sql: "INSERT INTO message_search (message_search) VALUES ('optimize')")
    }

    private func deleteChannels(of rowID: Int64, _ option: ChannelOption, in db: Database) throws {
        guard option != .doNotDelete else { return }
        let ids = try Int64.fetchAll(
            db, sql: """
                SELECT c.id FROM members m JOIN channels c ON c.id = m.channel_id
                WHERE m.user_id = ? AND (? OR c.member_count = 2)
                """,
            arguments: [rowID, option == .all]
        )
        for id in ids {
            try removeFiles(sql: "SELECT file FROM messages WHERE channel_id = ? AND file IS NOT NULL", id, in: db)
            try channels.delete(rowID: id, in: db)
        }
    }

    private func deleteMessages(of rowID: Int64, in db: Database) throws {
        try removeFiles(sql: "SELECT file FROM messages WHERE sender_id = ? AND file IS NOT NULL", rowID, in: db)
        try db.execute(sql: "DELETE FROM messages WHERE sender_id = ?", arguments: [rowID])
    }

    /// Removes the uploaded files of the messages a query selects (their `file` column).
    private func removeFiles(sql: String, _ argument: Int64, in db: Database) throws {
        for json in try String.fetchAll(db, sql: sql, arguments: [argument]) {
            if let file = JSONColumn.decode(FileInfo.self, from: json) { files.remove(url: file.url) }
        }
    }

    /// Rows that carry the user's id inside a snapshot or payload.
    private func deleteRecordsNaming(_ userID: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM events WHERE seq IN (SELECT seq FROM event_users WHERE user_id = ?)", arguments: [userID])
        let quoted = "instr(%@, json_quote(?)) > 0"
        func naming(_ column: String) -> String { quoted.replacingOccurrences(of: "%@", with: column) }
        try db.execute(sql: "DELETE FROM events WHERE \(naming("payload"))", arguments: [userID])
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
        for url in try String.fetchAll(db, sql: "SELECT file_url FROM data_exports WHERE \(naming("request")) AND file_url IS NOT NULL", arguments: [userID]) {
            files.remove(url: url)
        }
        try db.execute(sql: "DELETE FROM data_exports WHERE \(naming("request"))", arguments: [userID])
        // Files made before (exports, access files) are zips of stored, uncompressed JSON: one
        // that holds the id names the user.
        let needle = Data(userID.utf8)
        for (table, id, url) in try Row.fetchAll(db, sql: """
            SELECT 'data_exports', id, file_url FROM data_exports WHERE file_url IS NOT NULL
            UNION ALL SELECT 'gdpr_requests', id, file_url FROM gdpr_requests WHERE file_url IS NOT NULL
            """).map({ ($0[0] as String, $0[1] as Int64, $0[2] as String) }) {
            guard let contents = files.contents(of: url), contents.range(of: needle) != nil else { continue }
            files.remove(url: url)
            try db.execute(sql: "UPDATE \(table) SET file_url = NULL WHERE id = ?", arguments: [id])
        }
    }
}
