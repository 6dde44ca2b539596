import GRDB
import Hummingbird

/// The part of a user that other resources embed: channel members, operators, inviters,
/// message senders.
struct UserSummary: Sendable, Equatable {
    var rowID: Int64
    var userID: String
    var nickname: String
    var profileURL: String
    var isActive: Bool
    var lastSeenAt: Int64
    var metadata: [String: String]
}

extension UserRepository {
    /// Summaries of the given users in two queries, keyed by row id.
    func summaries(ofRows rowIDs: some Collection<Int64>, in db: Database) throws -> [Int64: UserSummary] {
        let unique = Array(Set(rowIDs))
        guard !unique.isEmpty else { return [:] }
        let list = SQL.ValueList(unique)
        let metadata = try metadata(ofUsersIn: list, in: db)
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: "SELECT id, user_id, nickname, profile_url, is_active, last_seen_at FROM users WHERE id IN (\(list.placeholders))"
            ),
            arguments: list.arguments
        )
        var summaries: [Int64: UserSummary] = [:]
        while let row = try rows.next() {
            let rowID: Int64 = row["id"]
            summaries[rowID] = UserSummary(
                rowID: rowID, userID: row["user_id"], nickname: row["nickname"], profileURL: row["profile_url"],
                isActive: row["is_active"], lastSeenAt: row["last_seen_at"], metadata: metadata[rowID] ?? [:]
            )
        }
        return summaries
    }

    /// Row ids of the given user ids; unknown ids are left out.
    func rowIDs(of userIDs: [String], in db: Database) throws -> [String: Int64] {
        guard !userIDs.isEmpty else { return [:] }
        let list = SQL.ValueList(userIDs)
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, user_id FROM users WHERE user_id IN (\(list.placeholders))"),
            arguments: list.arguments
        )
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["user_id"], $0["id"]) })
    }
}

extension UserSummary {
    /// The fields every user embedded in another object starts with.
    func writeProfile(to fields: inout JSONFields) throws {
        try fields.write("user_id", userID)
        try fields.write("nickname", nickname)
        try fields.write("profile_url", profileURL)
        try fields.write("metadata", metadata)
        try fields.write("require_auth_for_profile_image", false)
    }
}

/// A user embedded in another resource, with the fields Sendbird gives embedded users.
struct EmbeddedUser: JSONObject, Sendable {
    let user: UserSummary

    func write(to fields: inout JSONFields) throws {
        try user.writeProfile(to: &fields)
        try fields.write("is_active", user.isActive)
        try fields.write("is_online", false)
        try fields.write("last_seen_at", user.lastSeenAt)
    }
}
