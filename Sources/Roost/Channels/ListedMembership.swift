/// A user's membership of a channel as their own channel list reads it, with the push
/// trigger option they set for the channel (`default` when none: their own setting applies).
struct ListedMembership: Equatable, Sendable {
    let member: MemberRecord
    let pushTriggerOption: String
}
