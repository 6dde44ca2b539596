/// A table of key/value items that belong to one owner each: user metadata, channel
/// metadata and channel meta counters share this shape (`owner, key, value`, the channel
/// metadata also `updated_at`). Every method runs inside the caller's transaction.
struct KeyValueRepository<Value: DatabaseValueConvertible & Sendable>: Sendable {
    private let table: String
    private let owner: String
    private let stampsUpdates: Bool

    /// - Parameters:
    ///   - table: the table's name.
    ///   - owner: its column naming the owner's row id.
    ///   - stampsUpdates: whether it has an `updated_at` column, set on every write.
    init(table: String, owner: String, stampsUpdates: Bool = false) {
        self.table = table
        self.owner = owner
        self.stampsUpdates = stampsUpdates
    }

    func items(of ownerID: Int64, in db: Database) throws -> [String: Value] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT key, value FROM \(table) WHERE \(owner) = ?"), arguments: [ownerID]
        )
        var items: [String: Value] = [:]
        // Positions of the SELECT list above; see `items(ofOwners:)`.
        while let row = try rows.next() { items[row[0]] = row[1] as Value }
        return items
    }

    /// The items of several owners in one query, keyed by owner.
    func items(ofOwners list: SQL.ValueList, in db: Database) throws -> [Int64: [String: Value]] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT \(owner), key, value FROM \(table) WHERE \(owner) IN (\(list.placeholders))"),
            arguments: list.arguments
        )
        var items: [Int64: [String: Value]] = [:]
        // By position, as `TableColumns` reads (which says what lookups by name cost a message
        // page): the metadata of every user a page of messages or channels names is read here.
        while let row = try rows.next() { items[row[0], default: [:]][row[1]] = row[2] as Value }
        return items
    }

    func items(ofOwners ownerIDs: [Int64], in db: Database) throws -> [Int64: [String: Value]] {
        guard !ownerIDs.isEmpty else { return [:] }
        return try items(ofOwners: SQL.ValueList(ownerIDs), in: db)
    }

    /// Inserts or replaces each item.
    func set(_ items: [String: Value], of ownerID: Int64, at now: Int64, in db: Database) throws {
        let sql = stampsUpdates
            ? """
                INSERT INTO \(table) (\(owner), key, value, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (\(owner), key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                """
            : "INSERT INTO \(table) (\(owner), key, value) VALUES (?, ?, ?) ON CONFLICT (\(owner), key) DO UPDATE SET value = excluded.value"
        for (key, value) in items {
            try db.executeCached(
                sql: sql, arguments: stampsUpdates ? [ownerID, key, value, now] : [ownerID, key, value]
            )
        }
    }

    /// When the owner's items last changed (Unix ms), 0 when it has none; for tables that
    /// stamp their updates.
    func updatedAt(of ownerID: Int64, in db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT COALESCE(MAX(updated_at), 0) FROM \(table) WHERE \(owner) = ?"), arguments: [ownerID]
        ) ?? 0
    }

    func delete(_ key: String, of ownerID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM \(table) WHERE \(owner) = ? AND key = ?", arguments: [ownerID, key])
    }

    func deleteAll(of ownerID: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM \(table) WHERE \(owner) = ?", arguments: [ownerID])
    }
}
