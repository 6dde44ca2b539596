/// The part of a user that other resources embed: channel members, operators, inviters,
/// message senders.
struct UserSummary: Sendable, Equatable {
    var rowID: Int64
    var userID: String
    var nickname: String
    var profileURL: String
    var isActive: Bool
    var lastSeenAt: Int64
    var isOnline = false
    var metadata: [String: String]
}

extension UserSummary {
    /// `last_seen_at` as Sendbird shows it: 0 while the user is online, whatever time was
    /// stored (Sendbird's SDK reference: "Zero if this User is online").
    static func shownLastSeenAt(_ stored: Int64, isOnline: Bool) -> Int64 {
        isOnline ? 0 : stored
    }

    /// The fields every user embedded in another object starts with.
    func writeProfile(to fields: inout JSONFields) throws {
        fields.write("user_id", userID)
        fields.write("nickname", nickname)
        fields.write("profile_url", profileURL)
        try fields.write("metadata", metadata)
        fields.write("require_auth_for_profile_image", false)
    }
}
