/// What the console's forms send to the API, by the API's wire names. An absent optional is
/// left out of the body, as if the field were not given.
enum ConsoleRequests {
    struct Freeze: Encodable, Sendable {
        let freeze: Bool
    }

    /// A ban or a mute; `seconds` of -1 has no end.
    struct Restriction: Encodable, Sendable {
        let userID: String
        let seconds: Int64
        let description: String

        enum CodingKeys: String, CodingKey {
            case userID = "user_id", seconds, description
        }
    }

    struct AdminMessage: Encodable, Sendable {
        let messageType = "ADMM"
        let message: String
        let customType: String?
        let data: String?

        enum CodingKeys: String, CodingKey {
            case messageType = "message_type", message, customType = "custom_type", data
        }
    }

    struct WebhookSettings: Encodable, Sendable {
        let enabled: Bool
        let url: String
        let includeMembers: Bool
        let includeUnreadCount: Bool
        let enabledEvents: [String]

        enum CodingKeys: String, CodingKey {
            case enabled, url, includeMembers = "include_members", includeUnreadCount = "include_unread_count"
            case enabledEvents = "enabled_events"
        }
    }

    /// Freezes or thaws the emulated clock, or moves it on.
    struct ClockChange: Encodable, Sendable {
        let frozen: Bool?
        let advanceMS: Int64?

        enum CodingKeys: String, CodingKey {
            case frozen, advanceMS = "advance_ms"
        }
    }

    struct Snapshot: Encodable, Sendable {
        let name: String
    }

    struct Reset: Encodable, Sendable {
        let keepUsers: Bool

        enum CodingKeys: String, CodingKey {
            case keepUsers = "keep_users"
        }
    }

    struct Activation: Encodable, Sendable {
        let isActive: Bool

        enum CodingKeys: String, CodingKey {
            case isActive = "is_active"
        }
    }
}
