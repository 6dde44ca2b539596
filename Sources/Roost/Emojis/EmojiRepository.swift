/// An emoji: a reaction key with its image.
struct Emoji: Sendable, Equatable, Codable {
    var id: Int64
    var key: String
    var url: String
}

extension Emoji {
    /// From a row with the emojis table's `id`, `key` and `url`.
    init(row: Row) {
        self.init(id: row["id"], key: row["key"], url: row["url"])
    }
}

/// A category of emojis.
struct EmojiCategory: Sendable, Equatable {
    var id: Int64
    var name: String
    var url: String
    var emojis: [Emoji]
}

/// The emoji_categories and emojis tables. Every method runs inside the caller's transaction.
struct EmojiRepository: Sendable {
    func categories(in db: Database) throws -> [EmojiCategory] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT id, name, url FROM emoji_categories ORDER BY id"))
        let emojis = try emojisByCategory(in: db)
        return rows.map { EmojiCategory(id: $0["id"], name: $0["name"], url: $0["url"], emojis: emojis[$0["id"] as Int64] ?? []) }
    }

    func category(_ id: Int64, in db: Database) throws -> EmojiCategory? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT id, name, url FROM emoji_categories WHERE id = ?"), arguments: [id])
        else { return nil }
        return EmojiCategory(id: row["id"], name: row["name"], url: row["url"], emojis: try emojisByCategory(in: db)[id] ?? [])
    }

    func addCategory(name: String, url: String, isDefault: Bool = false, in db: Database) throws -> Int64 {
        try db.insert(
            sql: "INSERT INTO emoji_categories (name, url, is_default) VALUES (?, ?, ?)", arguments: [name, url, isDefault]
        )
    }

    func setCategoryURL(_ url: String, of id: Int64, in db: Database) throws {
        try db.executeCached(sql: "UPDATE emoji_categories SET url = ? WHERE id = ?", arguments: [url, id])
    }

    func deleteCategory(_ id: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM emoji_categories WHERE id = ?", arguments: [id])
    }

    /// The category of Sendbird's default emojis, if it is there.
    func defaultCategory(in db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM emoji_categories WHERE is_default = 1"))
    }

    func emojis(in db: Database) throws -> [Emoji] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT id, key, url FROM emojis ORDER BY id")).map(Emoji.init(row:))
    }

    func emoji(_ key: String, in db: Database) throws -> Emoji? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT id, key, url FROM emojis WHERE key = ?"), arguments: [key])
            .map(Emoji.init(row:))
    }

    /// Adds an emoji; answers nil when its key is taken.
    func addEmoji(key: String, url: String, to categoryID: Int64, in db: Database) throws -> Emoji? {
        try db.insertedRowID(
            sql: "INSERT INTO emojis (category_id, key, url) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", arguments: [categoryID, key, url]
        ).map { Emoji(id: $0, key: key, url: url) }
    }

    func setEmojiURL(_ url: String, of key: String, in db: Database) throws {
        try db.executeCached(sql: "UPDATE emojis SET url = ? WHERE key = ?", arguments: [url, key])
    }

    func deleteEmoji(_ key: String, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM emojis WHERE key = ?", arguments: [key])
    }

    /// Whether a reaction may use the key: any key while the application has no emoji, else
    /// only theirs.
    func allowsReaction(_ key: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT NOT EXISTS (SELECT 1 FROM emojis) OR EXISTS (SELECT 1 FROM emojis WHERE key = ?)"),
            arguments: [key]
        ) ?? true
    }

    private func emojisByCategory(in db: Database) throws -> [Int64: [Emoji]] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT category_id, id, key, url FROM emojis ORDER BY id"))
        return Dictionary(grouping: rows, by: { $0["category_id"] as Int64 }).mapValues { $0.map(Emoji.init(row:)) }
    }
}
