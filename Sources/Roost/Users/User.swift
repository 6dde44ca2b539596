import Hummingbird

/// A user as Sendbird returns it. A user is online while one of their own event streams
/// (`/roost/events?user_id=`) is open, as an SDK connection makes one online on Sendbird.
struct User: Sendable, ResponseEncodable {
    var userID: String
    var nickname: String
    var profileURL: String
    /// "" when no access token was issued, as Sendbird answers.
    var accessToken: String
    var isActive: Bool
    var lastSeenAt: Int64
    /// Whether one of the user's own event streams is open.
    var isOnline = false
    var createdAt: Int64
    var discoveryKeys: [String]
    var preferredLanguages: [String]
    var metadata: [String: String]
    var sessionTokens: [SessionToken]
    /// With `include_unread_count=true`: unread messages and channels with unread messages.
    var unreadCounts: (messages: Int, channels: Int)?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case nickname
        case profileURL = "profile_url"
        case accessToken = "access_token"
        case isActive = "is_active"
        case isOnline = "is_online"
        case lastSeenAt = "last_seen_at"
        case createdAt = "created_at"
        case discoveryKeys = "discovery_keys"
        case preferredLanguages = "preferred_languages"
        case metadata
        case sessionTokens = "session_tokens"
        case hasEverLoggedIn = "has_ever_logged_in"
        case requireAuthForProfileImage = "require_auth_for_profile_image"
        case phoneNumber = "phone_number"
        case locale
        case isHideMeFromFriends = "is_hide_me_from_friends"
        case isShadowBlocked = "is_shadow_blocked"
        case unreadMessageCount = "unread_message_count", unreadChannelCount = "unread_channel_count"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userID)
        try container.encode(nickname, forKey: .nickname)
        try container.encode(profileURL, forKey: .profileURL)
        try container.encode(false, forKey: .requireAuthForProfileImage)
        try container.encode(accessToken, forKey: .accessToken)
        try container.encode(sessionTokens, forKey: .sessionTokens)
        try container.encode(isActive, forKey: .isActive)
        try container.encode(isOnline, forKey: .isOnline)
        try container.encode(false, forKey: .hasEverLoggedIn)
        try container.encode(lastSeenAt, forKey: .lastSeenAt)
        // Sendbird gives a user's created_at in Unix seconds (last_seen_at is milliseconds).
        try container.encode(createdAt / 1000, forKey: .createdAt)
        try container.encode(discoveryKeys, forKey: .discoveryKeys)
        try container.encode(preferredLanguages, forKey: .preferredLanguages)
        try container.encode(metadata, forKey: .metadata)
        try container.encode("", forKey: .phoneNumber)
        try container.encode("", forKey: .locale)
        try container.encode(false, forKey: .isHideMeFromFriends)
        try container.encode(false, forKey: .isShadowBlocked)
        try container.encodeIfPresent(unreadCounts?.messages, forKey: .unreadMessageCount)
        try container.encodeIfPresent(unreadCounts?.channels, forKey: .unreadChannelCount)
    }
}

struct SessionToken: Sendable, Equatable, Encodable {
    let sessionToken: String
    let expiresAt: Int64

    enum CodingKeys: String, CodingKey {
        case sessionToken = "session_token"
        case expiresAt = "expires_at"
    }
}
