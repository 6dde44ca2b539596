import Foundation
import Hummingbird

/// The profanity and domain filters of a channel custom type, or of the whole application, as
/// `/v3/applications/settings_global` and `/settings_by_channel_custom_type` set and answer
/// them. Roost applies the two text filters and profanity-triggered moderation; image
/// moderation is stored and answered.
struct ModerationSettings: Codable, Sendable, Equatable, ResponseEncodable {
    struct DomainFilter: Codable, Sendable, Equatable {
        var domains: [String] = []
        /// 0: off; 1: only these domains are allowed; 2: these domains are blocked.
        var type = 0
        var shouldCheckGlobal = false

        enum CodingKeys: String, CodingKey { case domains, type, shouldCheckGlobal = "should_check_global" }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            domains = try container.decodeIfPresent([String].self, forKey: .domains) ?? []
            type = try container.decodeIfPresent(Int.self, forKey: .type) ?? 0
            shouldCheckGlobal = try container.decodeIfPresent(Bool.self, forKey: .shouldCheckGlobal) ?? false
        }
    }

    struct RegexFilter: Codable, Sendable, Equatable {
        var regex: String
    }

    struct ProfanityFilter: Codable, Sendable, Equatable {
        /// Words, with `*` at either end matching the rest of a word.
        var keywords: [String] = []
        var regexFilters: [RegexFilter] = []
        /// 0: off; 1: matches are replaced with asterisks; 2: the message is blocked.
        var type = 0
        var shouldCheckGlobal = false

        enum CodingKeys: String, CodingKey {
            case keywords, regexFilters = "regex_filters", type, shouldCheckGlobal = "should_check_global"
        }

        init() {}

        /// Keywords come as a list, or as one comma-separated string as Sendbird's own pages show.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let list = try? container.decodeIfPresent([String].self, forKey: .keywords) {
                keywords = list
            } else {
                keywords = try container.decodeIfPresent(String.self, forKey: .keywords)?
                    .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } ?? []
            }
            regexFilters = try container.decodeIfPresent([RegexFilter].self, forKey: .regexFilters) ?? []
            type = try container.decodeIfPresent(Int.self, forKey: .type) ?? 0
            shouldCheckGlobal = try container.decodeIfPresent(Bool.self, forKey: .shouldCheckGlobal) ?? false
        }
    }

    struct TriggeredModeration: Codable, Sendable, Equatable {
        var count = 0
        var duration = 1
        var action = 0
    }

    struct ImageModeration: Codable, Sendable, Equatable {
        var type = 0
        var softBlock = false
        var checkURLs = false

        enum CodingKeys: String, CodingKey { case type, softBlock = "soft_block", checkURLs = "check_urls" }
    }

    /// Nil for the application's own settings, which belong to no custom type.
    var customType: String?
    var domainFilter = DomainFilter()
    var profanityFilter = ProfanityFilter()
    var profanityTriggeredModeration = TriggeredModeration()
    var imageModeration = ImageModeration()

    enum CodingKeys: String, CodingKey {
        case customType = "custom_type", domainFilter = "domain_filter", profanityFilter = "profanity_filter"
        case profanityTriggeredModeration = "profanity_triggered_moderation", imageModeration = "image_moderation"
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        customType = try container.decodeIfPresent(String.self, forKey: .customType)
        domainFilter = try container.decodeIfPresent(DomainFilter.self, forKey: .domainFilter) ?? DomainFilter()
        profanityFilter = try container.decodeIfPresent(ProfanityFilter.self, forKey: .profanityFilter) ?? ProfanityFilter()
        profanityTriggeredModeration = try container.decodeIfPresent(TriggeredModeration.self, forKey: .profanityTriggeredModeration)
            ?? TriggeredModeration()
        imageModeration = try container.decodeIfPresent(ImageModeration.self, forKey: .imageModeration) ?? ImageModeration()
    }
}

/// The body of `POST /v3/applications/settings_by_channel_custom_type`: the custom type and
/// its first settings.
struct CustomTypeSettingsRequest: Decodable {
    var customType: String?
    var change: ModerationSettingsChange

    enum CodingKeys: String, CodingKey { case customType = "custom_type" }

    init(from decoder: any Decoder) throws {
        customType = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .customType)
        change = try ModerationSettingsChange(from: decoder)
    }
}

/// What a change to the settings names; what it leaves out stays as it was.
struct ModerationSettingsChange: Decodable {
    var domainFilter: ModerationSettings.DomainFilter?
    var profanityFilter: ModerationSettings.ProfanityFilter?
    var profanityTriggeredModeration: ModerationSettings.TriggeredModeration?
    var imageModeration: ModerationSettings.ImageModeration?

    enum CodingKeys: String, CodingKey {
        case domainFilter = "domain_filter", profanityFilter = "profanity_filter"
        case profanityTriggeredModeration = "profanity_triggered_moderation", imageModeration = "image_moderation"
    }
}
