import Foundation
import Hummingbird

/// The profanity and domain filters, the application's and each channel custom type's, and
/// what they replaced.
struct ModerationFilterService: Sendable {
    let database: AppDatabase
    private let repository = ModerationSettingsRepository()
    private let users = UserRepository()

    /// What a change does to a custom type that has no settings yet.
    enum Absent {
        /// It gets settings: `PUT settings_global/{custom_type}`.
        case creates
        /// It is not found: `PUT settings_by_channel_custom_type/{custom_type}`.
        case refuses
    }

    /// Changes what the request names in a custom type's settings; answers them as they now are.
    func update(_ customType: String, with change: ModerationSettingsChange, absent: Absent) async throws -> ModerationSettings {
        try Self.check(customType)
        return try await write(customType, change) { existing in
            guard existing != nil || absent == .creates else { throw APIError.notFound("Channel custom type settings") }
        }
    }

    /// New settings for a custom type that has none.
    func create(_ customType: String?, with change: ModerationSettingsChange) async throws -> ModerationSettings {
        guard let customType else { throw APIError.missing("custom_type") }
        try Self.check(customType)
        return try await write(customType, change) { existing in
            guard existing == nil else { throw APIError.alreadyExists("custom_type") }
        }
    }

    /// The application's own settings, which every channel without settings of its custom
    /// type goes through.
    func applicationSettings() async throws -> ModerationSettings {
        try await database.read { db in try repository.settings(for: ModerationSettingsRepository.application, in: db) ?? ModerationSettings() }
    }

    func updateApplication(with change: ModerationSettingsChange) async throws -> ModerationSettings {
        try await write(ModerationSettingsRepository.application, change) { _ in }
    }

    func settings(of customType: String) async throws -> ModerationSettings {
        try Self.check(customType)
        return try await database.read { db in
            guard let settings = try repository.settings(for: customType, in: db) else { throw APIError.notFound("Channel custom type settings") }
            return settings
        }
    }

    func delete(_ customType: String) async throws {
        try Self.check(customType)
        try await database.write { db in
            guard try repository.delete(customType, in: db) else { throw APIError.notFound("Channel custom type settings") }
        }
    }

    /// Every custom type's settings, by custom type.
    func customTypes(page request: PageRequest) async throws -> Page<ModerationSettings> {
        let after = try request.after.map { cursor throws(APIError) in try cursor.string(at: 0) }
        return try await database.read { db in
            Page(fetched: try repository.customTypes(after: after, limit: request.fetchLimit, in: db), request: request) {
                PageCursor([$0.customType ?? ModerationSettingsRepository.application])
            }
        }
    }

    /// Applies `change` to the settings of `customType` once `allow` accepts the settings it has.
    private func write(
        _ customType: String, _ change: ModerationSettingsChange, allow: @escaping @Sendable (ModerationSettings?) throws -> Void
    ) async throws -> ModerationSettings {
        try Self.check(change)
        return try await database.write { db in
            let existing = try repository.settings(for: customType, in: db)
            try allow(existing)
            var settings = existing ?? ModerationSettings()
            settings.customType = customType == ModerationSettingsRepository.application ? nil : customType
            if let domainFilter = change.domainFilter { settings.domainFilter = domainFilter }
            if let profanityFilter = change.profanityFilter { settings.profanityFilter = profanityFilter }
            if let moderation = change.profanityTriggeredModeration { settings.profanityTriggeredModeration = moderation }
            if let imageModeration = change.imageModeration { settings.imageModeration = imageModeration }
            try repository.save(settings, in: db)
            return settings
        }
    }

    private static func check(_ customType: String) throws(APIError) {
        guard !customType.isEmpty else { throw .missing("custom_type") }
        try ChannelRules.checkCustomType(customType)
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

/// `{message_id, user_id, message_text, replaced_text, message_ts}`.
struct ModeratedMessage: Sendable, Encodable, ResponseEncodable {
    let messageID: Int64
    let userID: String
    let original: String
    let replaced: String
    let sentAt: Int64

    enum CodingKeys: String, CodingKey {
        case messageID = "message_id", userID = "user_id", original = "message_text", replaced = "replaced_text", sentAt = "message_ts"
    }
}
