/// Sendbird's limits on user fields.
enum UserRules {
    static let maxUserIDLength = 80
    static let maxNicknameLength = 80
    static let maxProfileURLLength = 2048
    static let maxPreferredLanguages = 4
    /// How many users one `user_ids` filter may name.
    static let maxListedUserIDs = 250
    /// Session tokens from `POST /token` last seven days unless told otherwise.
    static let defaultSessionTokenLifetime: Int64 = 7 * 24 * 60 * 60 * 1000

    static func checkUserID(_ userID: String) throws(APIError) {
        guard !userID.isEmpty, !userID.allSatisfy(\.isWhitespace) else { throw .notAllowedCharacter("user_id") }
        guard userID.count <= maxUserIDLength else { throw .tooLong("user_id", max: maxUserIDLength) }
    }

    static func checkNickname(_ nickname: String) throws(APIError) {
        guard nickname.count <= maxNicknameLength else { throw .tooLong("nickname", max: maxNicknameLength) }
    }

    static func checkProfileURL(_ profileURL: String) throws(APIError) {
        guard profileURL.count <= maxProfileURLLength else { throw .tooLong("profile_url", max: maxProfileURLLength) }
    }

    /// Discovery keys are a set: duplicates collapse, order is kept.
    static func checkDiscoveryKeys(_ keys: [String]) throws(APIError) -> [String] {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }

    static func checkPreferredLanguages(_ languages: [String]) throws(APIError) -> [String] {
        guard languages.count <= maxPreferredLanguages else {
            throw .tooManyItems("preferred_languages", max: maxPreferredLanguages)
        }
        guard languages.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) }) else {
            throw .notAllowedCharacter("preferred_languages")
        }
        return languages
    }

    /// The expiry of a new session token: the requested time, which must lie in the future,
    /// or seven days from now.
    static func sessionTokenExpiry(_ requested: Int64?, now: Int64, parameter: String) throws(APIError) -> Int64 {
        guard let requested else { return now + defaultSessionTokenLifetime }
        guard requested > now else { throw .invalid(parameter, "It must be a time in the future, in Unix milliseconds.") }
        return requested
    }
}
