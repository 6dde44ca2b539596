import Foundation

/// `POST /roost/reset`: the application back to empty, in one transaction: every table of
/// data is emptied, while what configures the application stays (its tokens and settings,
/// webhook settings, filters, push providers and templates, emojis); with `keep_users`, the
/// users stay too. Uploaded and exported files go. New tables are data unless listed here.
struct EmulatorReset: Sendable {
    let database: AppDatabase
    let files: FileStorage

    /// Tables that configure the application, and SQLite's and GRDB's own.
    static let settingsTables: Set<String> = [
        "application", "api_tokens", "ip_whitelist", "webhook_settings", "delivery_cursors", "moderation_settings",
        "push_configurations", "push_message_templates", "emoji_categories", "emojis", "grdb_migrations", "sqlite_sequence",
    ]
    /// Counters that only grow, so that one value never names two states of what answers kept
    /// in memory show (migrations 0037 and 0038): emptied, they would start again.
    static let counterTables: Set<String> = ["generations", "message_revision_counter"]
    /// The nodes serving the database, and the clock they share, which a reset does not turn back.
    static let nodeTables: Set<String> = ["nodes", "emulator_clock"]
    /// Tables of users and what only belongs to them (with the streams the nodes count them
    /// online by: emptied under open streams, they would leave their users online for good).
    static let userTables: Set<String> = [
        "users", "user_metadata", "session_tokens", "device_tokens", "push_preferences", "blocks", "bots", "node_streams",
    ]

    func reset(keepUsers: Bool) async throws {
        try await database.write { db in
            let kept = Self.settingsTables.union(Self.counterTables).union(Self.nodeTables).union(keepUsers ? Self.userTables : [])
            let tables = try Tables.names(in: db).filter { !kept.contains($0) && !$0.hasPrefix("message_search") }
            // Children before parents: a table whose rows others still reference is tried again.
            var left = tables
            for _ in 0..<tables.count where !left.isEmpty {
                left = try left.filter { table in
                    do {
                        try db.inSavepoint {
                            try Tables.deleteRows(of: table, in: db)
                            return .commit
                        }
                        return false
                    } catch let error where Database.isConstraintViolation(error) {
                        return true
                    }
                }
            }
        }
        files.removeAll()
    }
}
