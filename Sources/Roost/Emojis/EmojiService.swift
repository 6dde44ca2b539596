import Crypto
import Foundation

/// The application's emojis: categories of them, Sendbird's seven defaults (on or off), and
/// `emoji_hash`, which changes whenever the set does (clients re-fetch the set when it does).
struct EmojiService: Sendable {
    let database: AppDatabase
    private let emojis = EmojiRepository()

    static let maxKeyLength = 30
    static let maxNameLength = 128
    static let maxPerRequest = 50

    /// Sendbird's default emojis, as its UIKit shows them.
    static let defaultCategory = (name: "sendbird", url: "https://static.sendbird.com/icons/emoji_category_default.png")
    static let defaultKeys = ["heart_eyes", "laughing", "rage", "sob", "sweat_smile", "thumbsup", "thumbsdown"]

    func setUseDefaultEmoji(_ on: Bool) async throws -> Bool {
        try await database.write { db in
            let existing = try emojis.defaultCategory(in: db)
            if on, existing == nil {
                let id = try emojis.addCategory(name: Self.defaultCategory.name, url: Self.defaultCategory.url, isDefault: true, in: db)
                for key in Self.defaultKeys {
                    _ = try emojis.addEmoji(key: "sendbird_emoji_\(key)", url: "https://static.sendbird.com/icons/emoji_\(key).png", to: id, in: db)
                }
            } else if !on, let existing {
                try emojis.deleteCategory(existing, in: db)
            }
        }
        return on
    }

    func categories() async throws -> (hash: String, categories: [EmojiCategory]) {
        try await database.read { db in
            let categories = try emojis.categories(in: db)
            return (Self.hash(of: categories), categories)
        }
    }

    func addCategories(_ new: [(name: String, url: String)]) async throws -> [EmojiCategory] {
        guard !new.isEmpty else { throw APIError.missing("emoji_categories") }
        guard new.count <= Self.maxPerRequest else { throw APIError.tooManyItems("emoji_categories", max: Self.maxPerRequest) }
        for category in new {
            guard !category.name.isEmpty else { throw APIError.missing("name") }
            guard category.name.count <= Self.maxNameLength else { throw APIError.tooLong("name", max: Self.maxNameLength) }
            try Self.checkURL(category.url)
        }
        return try await database.write { db in
            try new.map { EmojiCategory(id: try emojis.addCategory(name: $0.name, url: $0.url, in: db), name: $0.name, url: $0.url, emojis: []) }
        }
    }

    func category(_ id: Int64) async throws -> EmojiCategory {
        try await database.read { db in try existingCategory(id, in: db) }
    }

    func setCategoryURL(_ url: String?, of id: Int64) async throws -> EmojiCategory {
        guard let url else { throw APIError.missing("url") }
        try Self.checkURL(url)
        return try await database.write { db in
            _ = try existingCategory(id, in: db)
            try emojis.setCategoryURL(url, of: id, in: db)
            return try existingCategory(id, in: db)
        }
    }

    func deleteCategory(_ id: Int64) async throws {
        try await database.write { db in
            _ = try existingCategory(id, in: db)
            try emojis.deleteCategory(id, in: db)
        }
    }

    func allEmojis() async throws -> [Emoji] {
        try await database.read { db in try emojis.emojis(in: db) }
    }

    func addEmojis(_ new: [(key: String, url: String)], to categoryID: Int64?) async throws -> [Emoji] {
        guard let categoryID else { throw APIError.missing("emoji_category_id") }
        guard !new.isEmpty else { throw APIError.missing("emojis") }
        guard new.count <= Self.maxPerRequest else { throw APIError.tooManyItems("emojis", max: Self.maxPerRequest) }
        for emoji in new {
            try Self.checkKey(emoji.key)
            try Self.checkURL(emoji.url)
        }
        return try await database.write { db in
            _ = try existingCategory(categoryID, in: db)
            return try new.map { emoji in
                guard let added = try emojis.addEmoji(key: emoji.key, url: emoji.url, to: categoryID, in: db) else {
                    throw APIError.alreadyExists("emoji_key")
                }
                return added
            }
        }
    }

    func emoji(_ key: String) async throws -> Emoji {
        try await database.read { db in try existingEmoji(key, in: db) }
    }

    func setEmojiURL(_ url: String?, of key: String) async throws -> Emoji {
        guard let url else { throw APIError.missing("url") }
        try Self.checkURL(url)
        return try await database.write { db in
            _ = try existingEmoji(key, in: db)
            try emojis.setEmojiURL(url, of: key, in: db)
            return try existingEmoji(key, in: db)
        }
    }

    func deleteEmoji(_ key: String) async throws {
        try await database.write { db in
            _ = try existingEmoji(key, in: db)
            try emojis.deleteEmoji(key, in: db)
        }
    }

    // MARK: Rules

    private func existingCategory(_ id: Int64, in db: Database) throws -> EmojiCategory {
        guard let category = try emojis.category(id, in: db) else { throw APIError.notFound("Emoji category") }
        return category
    }

    private func existingEmoji(_ key: String, in db: Database) throws -> Emoji {
        guard let emoji = try emojis.emoji(key, in: db) else { throw APIError.notFound("Emoji") }
        return emoji
    }

    private static func checkKey(_ key: String) throws(APIError) {
        guard !key.isEmpty else { throw .missing("key") }
        guard key.count <= maxKeyLength else { throw .tooLong("key", max: maxKeyLength) }
    }

    /// An http or https URL with a host.
    private static func checkURL(_ url: String) throws(APIError) {
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host?.isEmpty == false else {
            throw APIError(code: 400114, message: "\"\(url)\" must have valid URL form.")
        }
    }

    /// A digest of the whole set: it changes exactly when the set does.
    private static func hash(of categories: [EmojiCategory]) -> String {
        var text = ""
        for category in categories {
            text += "\(category.id)\t\(category.name)\t\(category.url)\n"
            for emoji in category.emojis { text += "\t\(emoji.id)\t\(emoji.key)\t\(emoji.url)\n" }
        }
        return SHA256.hash(data: Data(text.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
