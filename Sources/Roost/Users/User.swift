import Hummingbird

/// A user as Sendbird returns it. A user is online while one of their own event streams
/// (`/roost/events?user_id=`) is open, as an SDK connection makes one online on Sendbird.
struct User: Sendable {
    var userID: String
    var nickname: String
    var profileURL: String
    /// "" when no access token was issued, as Sendbird answers.
    var accessToken: String
    var isActive: Bool
    /// When the user was last online: set as their last stream closes, or by an update; -1
    /// for one who never connected and was never given a time.
    var lastSeenAt: Int64
    /// Whether one of the user's own event streams is open.
    var isOnline = false
    /// Whether the user has ever opened a stream of their own.
    var hasEverLoggedIn = false
    var createdAt: Int64
    var discoveryKeys: [String]
    var preferredLanguages: [String]
    var metadata: [String: String]
    var sessionTokens: [SessionToken]
    /// With `include_unread_count=true`: unread messages and channels with unread messages.
    var unreadCounts: (messages: Int, channels: Int)?
    /// The answer to creating the user. Sendbird's own integration tests, written against the
    /// live service, read `is_created: true` and `phone_number` there, and neither field when
    /// a user is viewed or updated.
    var justCreated = false
}

/// A user as Sendbird answers one.
struct UserBody: Encodable, ResponseEncodable {
    let userID: String
    let nickname: String
    let profileURL: String
    let requireAuthForProfileImage = false
    let accessToken: String
    let sessionTokens: [SessionToken]
    let isActive: Bool
    let isOnline: Bool
    let hasEverLoggedIn: Bool
    let lastSeenAt: Int64
    /// Unix seconds, as Sendbird gives it (`last_seen_at` is in milliseconds).
    let createdAt: Int64
    let discoveryKeys: [String]
    let preferredLanguages: [String]
    let metadata: [String: String]
    let isCreated: Bool?
    let phoneNumber: String?
    let locale = ""
    let isHideMeFromFriends = false
    let isShadowBlocked = false
    let unreadMessageCount: Int?
    let unreadChannelCount: Int?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", nickname, profileURL = "profile_url", requireAuthForProfileImage = "require_auth_for_profile_image"
        case accessToken = "access_token", sessionTokens = "session_tokens", isActive = "is_active", isOnline = "is_online"
        case hasEverLoggedIn = "has_ever_logged_in", lastSeenAt = "last_seen_at", createdAt = "created_at"
        case discoveryKeys = "discovery_keys", preferredLanguages = "preferred_languages", metadata, isCreated = "is_created"
        case phoneNumber = "phone_number", locale, isHideMeFromFriends = "is_hide_me_from_friends", isShadowBlocked = "is_shadow_blocked"
        case unreadMessageCount = "unread_message_count", unreadChannelCount = "unread_channel_count"
    }

    init(_ user: User) {
        userID = user.userID
        nickname = user.nickname
        profileURL = user.profileURL
        accessToken = user.accessToken
        sessionTokens = user.sessionTokens
        isActive = user.isActive
        isOnline = user.isOnline
        hasEverLoggedIn = user.hasEverLoggedIn
        lastSeenAt = UserSummary.shownLastSeenAt(user.lastSeenAt, isOnline: user.isOnline)
        createdAt = user.createdAt / 1000
        discoveryKeys = user.discoveryKeys
        preferredLanguages = user.preferredLanguages
        metadata = user.metadata
        isCreated = user.justCreated ? true : nil
        phoneNumber = user.justCreated ? "" : nil
        unreadMessageCount = user.unreadCounts?.messages
        unreadChannelCount = user.unreadCounts?.channels
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
