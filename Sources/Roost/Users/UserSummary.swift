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
    /// The fields every user embedded in another object starts with.
    func writeProfile(to fields: inout JSONFields) throws {
        try fields.write("user_id", userID)
        try fields.write("nickname", nickname)
        try fields.write("profile_url", profileURL)
        try fields.write("metadata", metadata)
        try fields.write("require_auth_for_profile_image", false)
    }
}
