import Hummingbird

/// A user as Sendbird returns it. A user is online while one of their own event streams
/// (`/roost/events?user_id=`) is open, as an SDK connection makes one online on Sendbird.
struct User: Sendable, JSONObject, ResponseEncodable {
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

    func write(to fields: inout JSONFields) throws {
        try fields.write("user_id", userID)
        try fields.write("nickname", nickname)
        try fields.write("profile_url", profileURL)
        try fields.write("require_auth_for_profile_image", false)
        try fields.write("access_token", accessToken)
        try fields.write("session_tokens", sessionTokens)
        try fields.write("is_active", isActive)
        try fields.write("is_online", isOnline)
        try fields.write("has_ever_logged_in", hasEverLoggedIn)
        try fields.write("last_seen_at", UserSummary.shownLastSeenAt(lastSeenAt, isOnline: isOnline))
        // Sendbird gives a user's created_at in Unix seconds (last_seen_at is milliseconds).
        try fields.write("created_at", createdAt / 1000)
        try fields.write("discovery_keys", discoveryKeys)
        try fields.write("preferred_languages", preferredLanguages)
        try fields.write("metadata", metadata)
        if justCreated {
            try fields.write("is_created", true)
            try fields.write("phone_number", "")
        }
        try fields.write("locale", "")
        try fields.write("is_hide_me_from_friends", false)
        try fields.write("is_shadow_blocked", false)
        try fields.writeIfPresent("unread_message_count", unreadCounts?.messages)
        try fields.writeIfPresent("unread_channel_count", unreadCounts?.channels)
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
