/// A member as listed in a channel's `members` or by `GET /members`.
struct ChannelMember: JSONObject, Sendable {
    let user: UserSummary
    let state: MemberState
    let isOperator: Bool
    /// Nil where it is not shown: a member list shows it only with `show_member_is_muted`.
    let isMuted: Bool?
    /// With a viewing user: whether that user blocks this member, and whether this member blocks them.
    var blocking: (byMe: Bool, me: Bool)?
    /// What a member list adds on request: `show_read_receipt`, `show_delivery_receipt`,
    /// `include_push_preference` (and `show_member_is_muted`, above).
    var readAt: Int64?
    var deliveredAt: Int64?
    var push: MemberPushSettings?

    func write(to fields: inout JSONFields) throws {
        try EmbeddedUser(user: user).write(to: &fields)
        fields.write("state", state.rawValue)
        fields.write("role", isOperator ? "operator" : "")
        try fields.writeIfPresent("is_muted", isMuted)
        if let blocking {
            fields.write("is_blocked_by_me", blocking.byMe)
            fields.write("is_blocking_me", blocking.me)
        }
        try fields.writeIfPresent("read_ts", readAt)
        try fields.writeIfPresent("delivered_ts", deliveredAt)
        if let push {
            fields.write("push_enabled", push.pushEnabled)
            fields.write("push_trigger_option", push.triggerOption)
            fields.write("do_not_disturb", push.doNotDisturb)
        }
    }
}

/// The details a member list shows only when asked for them.
struct MemberListDetails: Sendable {
    var readReceipt = false
    var deliveryReceipt = false
    var pushPreference = false
    var muted = false
}
