/// A user embedded in another resource, with the fields Sendbird gives embedded users.
struct EmbeddedUser: JSONObject, Sendable {
    let user: UserSummary

    func write(to fields: inout JSONFields) throws {
        try user.writeProfile(to: &fields)
        fields.write("is_active", user.isActive)
        fields.write("is_online", user.isOnline)
        fields.write("last_seen_at", UserSummary.shownLastSeenAt(user.lastSeenAt, isOnline: user.isOnline))
    }
}
