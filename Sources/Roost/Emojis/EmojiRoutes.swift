import Hummingbird

/// `/v3/emoji_categories`, `/v3/emojis` and `PUT /v3/applications/settings/use_default_emoji`.
struct EmojiRoutes: Sendable {
    let emojis: EmojiService

    func register(api: RouterGroup<RoostContext>, applications: RouterGroup<RoostContext>) {
        applications.put("settings/use_default_emoji", use: setUseDefaultEmoji)

        api.get("emoji_categories", use: categories)
        api.post("emoji_categories", use: addCategories)
        api.get("emoji_categories/:emoji_category_id", use: category)
        api.put("emoji_categories/:emoji_category_id", use: updateCategory)
        api.delete("emoji_categories/:emoji_category_id", use: deleteCategory)

        api.get("emojis", use: listEmojis)
        api.post("emojis", use: addEmojis)
        api.get("emojis/:emoji_key", use: emoji)
        api.put("emojis/:emoji_key", use: updateEmoji)
        api.delete("emojis/:emoji_key", use: deleteEmoji)
    }

    @Sendable func setUseDefaultEmoji(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        guard let on = try await request.decodeJSON(UseDefaultEmojiBody.self).useDefaultEmoji else {
            throw APIError.missing("use_default_emoji")
        }
        return UseDefaultEmojiBody(useDefaultEmoji: try await emojis.setUseDefaultEmoji(on))
    }

    @Sendable func categories(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let (hash, categories) = try await emojis.categories()
        return EmojiCategoryList(hash: hash, categories: categories, withEmojis: true)
    }

    @Sendable func addCategories(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(NewEmojiCategories.self)
        let added = try await emojis.addCategories((body.emojiCategories ?? []).map { ($0.name ?? "", $0.url ?? "") })
        return EmojiCategoryList(hash: nil, categories: added, withEmojis: false)
    }

    @Sendable func category(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        EmojiCategoryBody(category: try await emojis.category(try context.int64PathParameter("emoji_category_id")))
    }

    @Sendable func updateCategory(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(URLChange.self)
        return EmojiCategoryBody(category: try await emojis.setCategoryURL(body.url, of: try context.int64PathParameter("emoji_category_id")))
    }

    @Sendable func deleteCategory(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await emojis.deleteCategory(try context.int64PathParameter("emoji_category_id"))
        return EmptyObject()
    }

    @Sendable func listEmojis(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        EmojiList(emojis: try await emojis.allEmojis())
    }

    @Sendable func addEmojis(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(NewEmojis.self)
        return EmojiList(emojis: try await emojis.addEmojis((body.emojis ?? []).map { ($0.key ?? "", $0.url ?? "") }, to: body.emojiCategoryID))
    }

    @Sendable func emoji(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await emojis.emoji(try context.pathParameter("emoji_key"))
    }

    @Sendable func updateEmoji(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(URLChange.self)
        return try await emojis.setEmojiURL(body.url, of: try context.pathParameter("emoji_key"))
    }

    @Sendable func deleteEmoji(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await emojis.deleteEmoji(try context.pathParameter("emoji_key"))
        return EmptyObject()
    }
}

struct UseDefaultEmojiBody: Codable, ResponseEncodable {
    let useDefaultEmoji: Bool?
    enum CodingKeys: String, CodingKey { case useDefaultEmoji = "use_default_emoji" }
}

/// A change of an emoji's or a category's image; the ids SDK 0.0.16 repeats in the body
/// (`emoji_key`, `emoji_category_id`) are read from the path instead.
struct URLChange: Decodable {
    let url: String?
}

struct NewEmojiCategories: Decodable {
    struct Item: Decodable {
        let name: String?
        let url: String?
    }

    let emojiCategories: [Item]?
    enum CodingKeys: String, CodingKey { case emojiCategories = "emoji_categories" }
}

struct NewEmojis: Decodable {
    struct Item: Decodable {
        let key: String?
        let url: String?
    }

    let emojiCategoryID: Int64?
    let emojis: [Item]?
    enum CodingKeys: String, CodingKey { case emojiCategoryID = "emoji_category_id", emojis }
}

extension Emoji: ResponseEncodable {}

struct EmojiList: ResponseEncodable, Encodable {
    let emojis: [Emoji]
}

/// A category with its emojis; without them, as an addition answers it.
struct EmojiCategoryBody: ResponseEncodable, Encodable {
    let id: Int64
    let name: String
    let url: String
    let emojis: [Emoji]?

    init(category: EmojiCategory, withEmojis: Bool = true) {
        id = category.id
        name = category.name
        url = category.url
        emojis = withEmojis ? category.emojis : nil
    }
}

/// `{"emoji_hash", "emoji_categories"}` for the whole set; `{"emoji_categories"}` for those added.
struct EmojiCategoryList: ResponseEncodable, Encodable {
    let emojiHash: String?
    let emojiCategories: [EmojiCategoryBody]

    enum CodingKeys: String, CodingKey { case emojiHash = "emoji_hash", emojiCategories = "emoji_categories" }

    init(hash: String?, categories: [EmojiCategory], withEmojis: Bool) {
        emojiHash = hash
        emojiCategories = categories.map { EmojiCategoryBody(category: $0, withEmojis: withEmojis) }
    }
}
