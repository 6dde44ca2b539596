import Foundation
import GRDB

/// What a new user row holds.
struct NewUser {
    var userID: String
    var nickname: String
    var profileURL: String
    var accessToken: String?
    var discoveryKeys: [String]
    var preferredLanguages: [String]
    var metadata: [String: String]
    var createdAt: Int64
}

/// Filters of `GET /v3/users`.
struct UserFilter {
    enum ActiveMode: String {
        case activated, deactivated, all
    }

    var userIDs: [String]?
    var nickname: String?
    var nicknamePrefix: String?
    var activeMode: ActiveMode = .activated
    var metadataKey: String?
    var metadataValues: [String]?
}

/// The users table and the tables hanging off it (metadata, session tokens). Every method
/// runs inside the caller's transaction, so services can combine them atomically.
struct UserRepository: Sendable {
    /// The internal row id of a user, used by the tables that reference users.
    func rowID(of userID: String, in db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM users WHERE user_id = ?"), arguments: [userID])
    }

    /// A user's row id and whether they are active: what sending a message checks.
    func activity(of userID: String, in db: Database) throws -> (rowID: Int64, isActive: Bool)? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT id, is_active FROM users WHERE user_id = ?"), arguments: [userID])
            .map { ($0["id"], $0["is_active"]) }
    }

    /// The row id of a user who must exist: an unknown id is Sendbird's "User not found".
    func existingRowID(of userID: String, in db: Database) throws -> Int64 {
        guard let rowID = try rowID(of: userID, in: db) else { throw APIError.notFound("User") }
        return rowID
    }

    @discardableResult
    func insert(_ user: NewUser, in db: Database) throws -> Int64 {
        try db.executeCached(
            sql: """
                INSERT INTO users (user_id, nickname, profile_url, access_token, discovery_keys, preferred_languages, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                user.userID, user.nickname, user.profileURL, user.accessToken,
                JSONColumn.encode(user.discoveryKeys), JSONColumn.encode(user.preferredLanguages), user.createdAt,
            ]
        )
        let rowID = db.lastInsertedRowID
        try setMetadata(user.metadata, ofRow: rowID, in: db)
        return rowID
    }

    func find(_ userID: String, in db: Database) throws -> User? {
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM users WHERE user_id = ?"), arguments: [userID])
        return try users(from: rows, in: db).first
    }

    /// One page of users in creation order, after the row id of the previous page's last user.
    func page(_ filter: UserFilter, after: Int64?, limit: Int, in db: Database) throws -> [(rowID: Int64, user: User)] {
        var conditions = Conditions()
        if let after {
            conditions.add("users.id > ?", [after])
        }
        if let userIDs = filter.userIDs {
            conditions.add("users.user_id IN (\(SQL.placeholders(userIDs.count)))", userIDs)
        }
        if let nickname = filter.nickname {
            conditions.add("users.nickname = ?", [nickname])
        }
        if let prefix = filter.nicknamePrefix {
            conditions.add("users.nickname GLOB ?", [SQL.globPrefix(prefix)])
        }
        switch filter.activeMode {
        case .activated: conditions.add("users.is_active = 1")
        case .deactivated: conditions.add("users.is_active = 0")
        case .all: break
        }
        if let key = filter.metadataKey, let values = filter.metadataValues {
            conditions.add(
                """
                EXISTS (SELECT 1 FROM user_metadata m WHERE m.user_id = users.id
                        AND m.key = ? AND m.value IN (\(SQL.placeholders(values.count))))
                """,
                [key] + values
            )
        }
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT * FROM users \(conditions.whereClause) ORDER BY users.id LIMIT \(limit)",
            arguments: conditions.arguments
        )
        let users = try users(from: rows, in: db)
        return zip(rows, users).map { (rowID: $0["id"], user: $1) }
    }

    /// Writes back the mutable fields of a user (metadata and session tokens have their own methods).
    func save(_ user: User, in db: Database) throws {
        try db.executeCached(
            sql: """
                UPDATE users SET nickname = ?, profile_url = ?, access_token = ?, is_active = ?, last_seen_at = ?,
                    discovery_keys = ?, preferred_languages = ?
                WHERE user_id = ?
                """,
            arguments: [
                user.nickname, user.profileURL, user.accessToken.isEmpty ? nil : user.accessToken, user.isActive,
                user.lastSeenAt, JSONColumn.encode(user.discoveryKeys), JSONColumn.encode(user.preferredLanguages),
                user.userID,
            ]
        )
    }

    func delete(_ userID: String, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM users WHERE user_id = ?", arguments: [userID])
    }

    // MARK: Metadata

    func metadata(ofRow rowID: Int64, in db: Database) throws -> [String: String] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT key, value FROM user_metadata WHERE user_id = ?"), arguments: [rowID])
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["key"], $0["value"]) })
    }

    /// Inserts or replaces each item.
    func setMetadata(_ items: [String: String], ofRow rowID: Int64, in db: Database) throws {
        for (key, value) in items {
            try db.executeCached(
                sql: "INSERT OR REPLACE INTO user_metadata (user_id, key, value) VALUES (?, ?, ?)",
                arguments: [rowID, key, value]
            )
        }
    }

    func deleteMetadata(_ key: String, ofRow rowID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM user_metadata WHERE user_id = ? AND key = ?", arguments: [rowID, key])
    }

    func deleteAllMetadata(ofRow rowID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM user_metadata WHERE user_id = ?", arguments: [rowID])
    }

    // MARK: Session tokens

    func addSessionToken(_ token: SessionToken, ofRow rowID: Int64, in db: Database) throws {
        try db.executeCached(
            sql: "INSERT INTO session_tokens (user_id, session_token, expires_at) VALUES (?, ?, ?)",
            arguments: [rowID, token.sessionToken, token.expiresAt]
        )
    }

    // MARK: Invitation preference

    /// The user's own choice, or nil when they follow the application default.
    func autoAcceptInvitations(ofRow rowID: Int64, in db: Database) throws -> Bool? {
        try Bool?.fetchOne(db.cachedStatement(sql: "SELECT auto_accept_invitations FROM users WHERE id = ?"), arguments: [rowID]) ?? nil
    }

    func setAutoAcceptInvitations(_ autoAccept: Bool, ofRow rowID: Int64, in db: Database) throws {
        try db.executeCached(sql: "UPDATE users SET auto_accept_invitations = ? WHERE id = ?", arguments: [autoAccept, rowID])
    }

    // MARK: Reading rows

    /// The metadata of several users in one query, keyed by row id.
    func metadata(ofUsersIn list: SQL.ValueList, in db: Database) throws -> [Int64: [String: String]] {
        var metadata: [Int64: [String: String]] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT user_id, key, value FROM user_metadata WHERE user_id IN (\(list.placeholders))"),
            arguments: list.arguments
        )
        while let row = try rows.next() {
            metadata[row["user_id"], default: [:]][row["key"]] = row["value"] as String
        }
        return metadata
    }

    /// Builds users from their rows, loading metadata and session tokens for all of them in
    /// two queries rather than two per user.
    private func users(from rows: [Row], in db: Database) throws -> [User] {
        guard !rows.isEmpty else { return [] }
        let list = SQL.ValueList(rows.map { $0["id"] as Int64 })
        let metadata = try metadata(ofUsersIn: list, in: db)
        var tokens: [Int64: [SessionToken]] = [:]
        let tokenRows = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT user_id, session_token, expires_at FROM session_tokens
                WHERE user_id IN (\(list.placeholders)) ORDER BY expires_at
                """),
            arguments: list.arguments
        )
        while let row = try tokenRows.next() {
            tokens[row["user_id"], default: []].append(SessionToken(sessionToken: row["session_token"], expiresAt: row["expires_at"]))
        }
        return rows.map { row in
            let rowID: Int64 = row["id"]
            return User(
                userID: row["user_id"],
                nickname: row["nickname"],
                profileURL: row["profile_url"],
                accessToken: row["access_token"] ?? "",
                isActive: row["is_active"],
                lastSeenAt: row["last_seen_at"],
                createdAt: row["created_at"],
                discoveryKeys: JSONColumn.decode(row["discovery_keys"]),
                preferredLanguages: JSONColumn.decode(row["preferred_languages"]),
                metadata: metadata[rowID] ?? [:],
                sessionTokens: tokens[rowID] ?? []
            )
        }
    }
}

/// Values kept in one TEXT column as JSON: lists of strings, file descriptions, meta arrays.
enum JSONColumn {
    static func encode(_ value: some Encodable) -> String {
        (try? JSON.encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static func decode(_ text: String) -> [String] {
        decode([String].self, from: text) ?? []
    }

    /// The stored value; nil for NULL, for text that does not decode, and for an empty
    /// array or object, which callers default anyway (most rows hold one, and skipping the
    /// decoder for them is measurably faster).
    static func decode<Value: Decodable>(_ type: Value.Type, from text: String?) -> Value? {
        guard let text, text != "[]", text != "{}" else { return nil }
        return try? JSON.decoder.decode(Value.self, from: Data(text.utf8))
    }
}
