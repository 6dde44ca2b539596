/// The API's answers as the console reads them. Each type names only the fields a page
/// shows, by their wire names in its `CodingKeys`; a field an answer leaves out is nil, so a
/// page shows it as empty rather than another level's value of the same name.
enum ConsoleAnswers {
    /// A user, a group channel's member (with its role) or an operator.
    struct User: Decodable, Sendable {
        let userID: String
        let nickname: String?
        let profileURL: String?
        let isActive: Bool?
        let isOnline: Bool?
        let createdAt: Int64?
        let metadata: [String: String]?
        let role: String?

        enum CodingKeys: String, CodingKey {
            case userID = "user_id", nickname, profileURL = "profile_url", isActive = "is_active", isOnline = "is_online"
            case createdAt = "created_at", metadata, role
        }
    }

    struct Users: Decodable, Sendable {
        let users: [User]
        let next: String?
    }

    struct Operators: Decodable, Sendable {
        let operators: [User]
    }

    /// A group or open channel, as listed, viewed or named in a report.
    struct Channel: Decodable, Sendable {
        let channelURL: String
        let channelType: String?
        let name: String?
        let customType: String?
        let memberCount: Int?
        let participantCount: Int?
        let freeze: Bool?
        let data: String?
        let members: [User]?

        enum CodingKeys: String, CodingKey {
            case channelURL = "channel_url", channelType = "channel_type", name, customType = "custom_type"
            case memberCount = "member_count", participantCount = "participant_count", freeze, data, members
        }
    }

    struct Channels: Decodable, Sendable {
        let channels: [Channel]
        let next: String?
    }

    /// A ban (the user nested in `user`) or a mute (the user's own fields beside the mute's).
    struct Restriction: Decodable, Sendable {
        let user: User?
        let userID: String?
        let description: String?
        let endAt: Int64?

        enum CodingKeys: String, CodingKey {
            case user, userID = "user_id", description, endAt = "end_at"
        }
    }

    struct BannedList: Decodable, Sendable {
        let bannedList: [Restriction]

        enum CodingKeys: String, CodingKey {
            case bannedList = "banned_list"
        }
    }

    struct MutedList: Decodable, Sendable {
        let mutedList: [Restriction]

        enum CodingKeys: String, CodingKey {
            case mutedList = "muted_list"
        }
    }

    struct Message: Decodable, Sendable {
        let messageID: Int64
        let type: String?
        let message: String?
        /// Its sender; an admin message has none.
        let user: User?
        let file: File?

        struct File: Decodable, Sendable {
            let name: String?
        }

        enum CodingKeys: String, CodingKey {
            case messageID = "message_id", type, message, user, file
        }
    }

    struct Messages: Decodable, Sendable {
        let messages: [Message]
    }

    struct Report: Decodable, Sendable {
        let createdAt: Int64?
        let reportCategory: String?
        let reportingUser: User?
        let offendingUser: User?
        let reportedMessage: Message?
        let channel: Channel?

        enum CodingKeys: String, CodingKey {
            case createdAt = "created_at", reportCategory = "report_category", reportingUser = "reporting_user"
            case offendingUser = "offending_user", reportedMessage = "reported_message", channel
        }
    }

    struct Reports: Decodable, Sendable {
        let reportLogs: [Report]

        enum CodingKeys: String, CodingKey {
            case reportLogs = "report_logs"
        }
    }

    struct WebhookSettings: Decodable, Sendable {
        let webhook: Webhook

        struct Webhook: Decodable, Sendable {
            let enabled: Bool?
            let url: String?
            let includeMembers: Bool?
            let includeUnreadCount: Bool?
            let enabledEvents: [String]?

            enum CodingKeys: String, CodingKey {
                case enabled, url, includeMembers = "include_members", includeUnreadCount = "include_unread_count"
                case enabledEvents = "enabled_events"
            }
        }
    }

    /// Roost's record of outbound deliveries (`/roost/deliveries`).
    struct Deliveries: Decodable, Sendable {
        let deliveries: [Delivery]

        struct Delivery: Decodable, Sendable {
            let attemptedAt: Int64?
            let category: String?
            let url: String?
            let statusCode: Int?
            let attempt: Int?

            enum CodingKeys: String, CodingKey {
                case attemptedAt = "attempted_at", category, url, statusCode = "status_code", attempt
            }
        }
    }

    struct Clock: Decodable, Sendable {
        let now: Int64
        let frozen: Bool?
    }

    struct Snapshots: Decodable, Sendable {
        let snapshots: [Snapshot]

        struct Snapshot: Decodable, Sendable {
            let name: String
            let size: Int?
            let createdAt: Int64?

            enum CodingKeys: String, CodingKey {
                case name, size, createdAt = "created_at"
            }
        }
    }

    /// A metric by day (`/v3/statistics/metric`).
    struct Metric: Decodable, Sendable {
        let values: [Value]

        struct Value: Decodable, Sendable {
            let date: String
            let value: Double
        }
    }

    struct DailyActiveUsers: Decodable, Sendable {
        let dau: Int
    }

    struct SessionToken: Decodable, Sendable {
        let token: String
    }

    /// Sendbird's error envelope.
    struct Failure: Decodable, Sendable {
        let message: String?
    }

    /// An answer the console does not read, whatever its shape.
    struct Ignored: Decodable, Sendable {
        init(from decoder: any Decoder) {}
    }
}
