/// The kinds of event Roost records and delivers, with Sendbird's webhook category names.
/// A new kind is one case here, in the family it belongs to; `all` keeps Sendbird's order.
enum EventCategory: String, Sendable, CaseIterable {
    case openChannelCreate = "open_channel:create"
    case openChannelRemove = "open_channel:remove"
    case openChannelEnter = "open_channel:enter"
    case openChannelExit = "open_channel:exit"
    case openChannelMessageSend = "open_channel:message_send"
    case openChannelMessageUpdate = "open_channel:message_update"
    case openChannelMessageDelete = "open_channel:message_delete"
    case groupChannelCreate = "group_channel:create"
    case groupChannelChanged = "group_channel:changed"
    case groupChannelRemove = "group_channel:remove"
    case groupChannelInvite = "group_channel:invite"
    case groupChannelDeclineInvite = "group_channel:decline_invite"
    case groupChannelJoin = "group_channel:join"
    case groupChannelLeave = "group_channel:leave"
    case groupChannelMessageSend = "group_channel:message_send"
    case groupChannelMessageRead = "group_channel:message_read"
    case groupChannelMessageUpdate = "group_channel:message_update"
    case groupChannelMessageDelete = "group_channel:message_delete"
    case groupChannelFreezeUnfreeze = "group_channel:freeze_unfreeze"
    case groupChannelReactionAdd = "group_channel:reaction_add"
    case groupChannelReactionDelete = "group_channel:reaction_delete"
    case userBlock = "user:block"
    case userUnblock = "user:unblock"
    case userDeviceTokenRegister = "user:device_token_register"
    case userDeviceTokenUnregister = "user:device_token_unregister"
    case userPushPreference = "user:push_preference"
    case userPushChannelPreference = "user:push_channel_preference"
    case operatorsRegister = "operators:register_by_operator"
    case operatorsUnregister = "operators:unregister_by_operator"
    case messageReport = "message:report"
    case userReport = "user:report"
    case openChannelReport = "open_channel:report"
    case groupChannelReport = "group_channel:report"
    case userMessageRateLimitExceeded = "alert:user_message_rate_limit_exceeded"
    case profanityFilterReplace = "profanity_filter:replace"
    case profanityFilterBlock = "profanity_filter:block"
    case profanityFilterModerate = "profanity_filter:moderate"
    case announcementCreateChannels = "announcement:create_channels"
    case announcementSendMessages = "announcement:send_messages"
    /// Roost's own: a push notification Roost would have sent (`/roost/pushes`).
    case push = "roost:push"

    /// Whether Sendbird delivers it as a webhook.
    var isWebhook: Bool { self != .push }

    /// Every webhook category, as `enabled_events: ["*"]` expands and `all_webhook_categories` lists.
    static var names: [String] { allCases.filter(\.isWebhook).map(\.rawValue) }
}
