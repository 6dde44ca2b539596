/// Bodies of the user routes, spelled as Sendbird spells them.
struct CreateUserRequest: Decodable {
    let userID: String
    let nickname: String
    /// Required, unless a `profile_file` comes instead.
    var profileURL: String?
    let issueAccessToken: Bool?
    let metadata: MetadataValues?
    let discoveryKeys: [String]?
    let preferredLanguages: [String]?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case nickname
        case profileURL = "profile_url"
        case issueAccessToken = "issue_access_token"
        case metadata
        case discoveryKeys = "discovery_keys"
        case preferredLanguages = "preferred_languages"
    }
}

struct UpdateUserRequest: Decodable {
    let nickname: String?
    var profileURL: String?
    let issueAccessToken: Bool?
    let issueSessionToken: Bool?
    let sessionTokenExpiresAt: Int64?
    let isActive: Bool?
    let leaveAllWhenDeactivated: Bool?
    let lastSeenAt: Int64?
    let discoveryKeys: [String]?
    let preferredLanguages: [String]?

    enum CodingKeys: String, CodingKey {
        case nickname
        case profileURL = "profile_url"
        case issueAccessToken = "issue_access_token"
        case issueSessionToken = "issue_session_token"
        case sessionTokenExpiresAt = "session_token_expires_at"
        case isActive = "is_active"
        case leaveAllWhenDeactivated = "leave_all_when_deactivated"
        case lastSeenAt = "last_seen_at"
        case discoveryKeys = "discovery_keys"
        case preferredLanguages = "preferred_languages"
    }
}

struct CreateSessionTokenRequest: Decodable {
    let expiresAt: Int64?

    enum CodingKeys: String, CodingKey {
        case expiresAt = "expires_at"
    }
}
