/// A user as event payloads show them (`sender`, `inviter`, `blocker`, `users`...): the
/// short form Sendbird's webhooks use, which poll voter lists use too.
struct EventUser: Encodable, Sendable {
    let userID: String
    let nickname: String
    let profileURL: String
    let metadata: [String: String]

    enum CodingKeys: String, CodingKey { case userID = "user_id", nickname, profileURL = "profile_url", metadata }

    init(user: UserSummary) {
        userID = user.userID
        nickname = user.nickname
        profileURL = user.profileURL
        metadata = user.metadata
    }
}
