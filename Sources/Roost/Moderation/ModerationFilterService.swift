import Foundation
import Hummingbird

/// The profanity and domain filters by channel custom type, and what they replaced.
struct ModerationFilterService: Sendable {
    let database: AppDatabase
    private let repository = ModerationSettingsRepository()
    private let users = UserRepository()

    /// Changes what the request names; answers the settings as they now are.
    func update(_ customType: String, with change: ModerationSettingsChange) async throws -> ModerationSettings {
        guard !customType.isEmpty else { throw APIError.missing("custom_type") }
        try Self.check(change)
        return try await database.write { db in
            var settings = try repository.settings(for: customType, in: db) ?? ModerationSettings()
            settings.customType = customType
            if let domainFilter = change.domainFilter { settings.domainFilter = domainFilter }
            if let profanityFilter = change.profanityFilter { settings.profanityFilter = profanityFilter }
            if let moderation = change.profanityTriggeredModeration { settings.profanityTriggeredModeration = moderation }
            if let imageModeration = change.imageModeration { settings.imageModeration = imageModeration }
            try repository.save(settings, in: db)
            return settings
        }
    }

    /// A message the profanity filter replaced, as `report/.../profanity_messages` shows it.
    func moderated(_ messageID: Int64, of type: ChannelType, _ url: String) async throws -> ModeratedMessage {
        try await database.read { db in
            let channel = try ChannelRepository().existing(type, url: url, in: db)
            guard let found = try repository.moderated(messageID, in: channel.rowID, in: db) else { throw APIError.notFound("Moderated message") }
            let userID = try found.userRowID.flatMap { try users.summary(ofRow: $0, in: db)?.userID } ?? ""
            return ModeratedMessage(messageID: messageID, userID: userID, original: found.original, replaced: found.replaced, sentAt: found.createdAt)
        }
    }

    private static func check(_ change: ModerationSettingsChange) throws(APIError) {
        if let filter = change.profanityFilter {
            guard (0...2).contains(filter.type) else { throw .outOfRange("profanity_filter.type", 0...2) }
            guard filter.keywords.count <= TextFilter.maxKeywords else { throw .tooManyItems("profanity_filter.keywords", max: TextFilter.maxKeywords) }
            guard filter.regexFilters.count <= TextFilter.maxRegexFilters else {
                throw .tooManyItems("profanity_filter.regex_filters", max: TextFilter.maxRegexFilters)
            }
            for regex in filter.regexFilters.map(\.regex) {
                guard regex.count <= TextFilter.maxRegexLength else { throw .tooLong("profanity_filter.regex_filters", max: TextFilter.maxRegexLength) }
                guard (try? NSRegularExpression(pattern: regex)) != nil else {
                    throw .invalid("profanity_filter.regex_filters", "\"\(regex)\" is not a regular expression.")
                }
                // Every message of the channel type is matched against it inside the write
                // transaction: a repeated group that itself repeats can take exponential time.
                guard regex.range(of: #"\([^()]*[+*}][^()]*\)[+*{]"#, options: .regularExpression) == nil else {
                    throw .invalid("profanity_filter.regex_filters", "\"\(regex)\" repeats a repeated group, which can take exponential time.")
                }
            }
        }
        if let filter = change.domainFilter {
            guard (0...2).contains(filter.type) else { throw .outOfRange("domain_filter.type", 0...2) }
            guard filter.domains.count <= TextFilter.maxKeywords else { throw .tooManyItems("domain_filter.domains", max: TextFilter.maxKeywords) }
        }
        if let moderation = change.profanityTriggeredModeration {
            guard (0...3).contains(moderation.action) else { throw .outOfRange("profanity_triggered_moderation.action", 0...3) }
            guard moderation.count >= 0 else { throw .negativeNotAllowed("profanity_triggered_moderation.count") }
            // Sendbird's dashboard counts violations over at most a day.
            guard (1...86_400).contains(moderation.duration) else { throw .outOfRange("profanity_triggered_moderation.duration", 1...86_400) }
        }
    }
}

/// `{message_id, user_id, message_text, replaced_text, blocked_text, message_ts}`.
struct ModeratedMessage: Sendable, JSONObject, ResponseEncodable {
    let messageID: Int64
    let userID: String
    let original: String
    let replaced: String
    let sentAt: Int64

    func write(to fields: inout JSONFields) throws {
        try fields.write("message_id", messageID)
        try fields.write("user_id", userID)
        try fields.write("message_text", original)
        try fields.write("replaced_text", replaced)
        try fields.write("message_ts", sentAt)
    }
}
