/// A ban or mute of one user in every channel of one custom type.
struct CustomTypeRestriction: Sendable, Equatable, FetchableRecord {
    var customType: String
    var userRowID: Int64
    var description: String
    var startAt: Int64
    var endAt: Int64

    enum Columns: Int, TableColumns {
        case custom_type, user_id, description, start_at, end_at
    }
}

extension CustomTypeRestriction {
    init(row: Row) {
        customType = row[Columns.custom_type]
        userRowID = row[Columns.user_id]
        description = row[Columns.description]
        startAt = row[Columns.start_at]
        endAt = row[Columns.end_at]
    }
}

/// Bans and mutes by channel custom type. As with channel restrictions, one whose end has
/// passed is as good as gone. Every method runs inside the caller's transaction.
struct CustomTypeRestrictionRepository: Sendable {
    /// `ban` or `mute`, as the table's `kind` column holds it.
    let kind: String
    private static let columns = CustomTypeRestriction.Columns.qualified(by: "custom_type_restrictions")

    init(_ kind: Restriction.Kind) {
        self.kind = kind == .ban ? "ban" : "mute"
    }

    func put(_ restriction: CustomTypeRestriction, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO custom_type_restrictions (kind, custom_type, user_id, description, start_at, end_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (kind, custom_type, user_id) DO UPDATE SET description = excluded.description,
                    start_at = excluded.start_at, end_at = excluded.end_at
                """,
            arguments: [kind, restriction.customType, restriction.userRowID, restriction.description, restriction.startAt, restriction.endAt]
        )
    }

    func remove(_ userRowIDs: [Int64], from customType: String, in db: Database) throws {
        for userRowID in userRowIDs {
            try db.executeCached(
                sql: "DELETE FROM custom_type_restrictions WHERE kind = ? AND custom_type = ? AND user_id = ?",
                arguments: [kind, customType, userRowID]
            )
        }
    }

    /// Whether `user` is under this kind of restriction in every channel of `customType` at
    /// `now`, as a condition on SQL expressions.
    func inForce(on user: String, in customType: String, at now: String) -> String {
        """
        EXISTS (SELECT 1 FROM custom_type_restrictions
                WHERE kind = '\(kind)' AND custom_type = \(customType) AND user_id = \(user) AND end_at > \(now))
        """
    }

    /// One page of the restrictions in force, by user row id after `after`.
    func page(of customType: String, at now: Int64, after: Int64?, limit: Int, in db: Database) throws -> [CustomTypeRestriction] {
        try CustomTypeRestriction.fetchAll(
            db.cachedStatement(sql: """
                SELECT \(Self.columns) FROM custom_type_restrictions
                WHERE kind = ? AND custom_type = ? AND end_at > ? AND user_id > ?
                ORDER BY user_id LIMIT ?
                """),
            arguments: [kind, customType, now, after ?? 0, limit]
        )
    }
}
