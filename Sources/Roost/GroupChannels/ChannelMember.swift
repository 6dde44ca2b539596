/// A member as listed in a channel's `members` or by `GET /members`.
struct ChannelMember: JSONObject, Sendable {
    let user: UserSummary
    let state: MemberState
    let isOperator: Bool
    let isMuted: Bool
    /// With a viewing user: whether that user blocks this member, and whether this member blocks them.
    var blocking: (byMe: Bool, me: Bool)?

    func write(to fields: inout JSONFields) throws {
        try EmbeddedUser(user: user).write(to: &fields)
        try fields.write("state", state.rawValue)
        try fields.write("role", isOperator ? "operator" : "")
        try fields.write("is_muted", isMuted)
        if let blocking {
            try fields.write("is_blocked_by_me", blocking.byMe)
            try fields.write("is_blocking_me", blocking.me)
        }
    }
}
