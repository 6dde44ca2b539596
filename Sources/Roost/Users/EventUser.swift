/// A user as event payloads show them (`sender`, `inviter`, `blocker`, `users`...): the
/// short form Sendbird's webhooks use, which poll voter lists use too.
struct EventUser: JSONObject, Sendable {
    let user: UserSummary

    func write(to fields: inout JSONFields) throws {
        try fields.write("user_id", user.userID)
        try fields.write("nickname", user.nickname)
        try fields.write("profile_url", user.profileURL)
        try fields.write("metadata", user.metadata)
    }
}
