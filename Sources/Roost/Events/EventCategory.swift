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
    // Roost's own, on the live streams only: what Sendbird's SDKs hear over their socket
    // (a channel delegate's calls) where no webhook tells it.
    case typingStart = "roost:typing_start"
    case typingEnd = "roost:typing_end"
    case deliveryReceipt = "roost:delivery_receipt"
    case openChannelChanged = "roost:open_channel_changed"
    case openChannelFreezeUnfreeze = "roost:open_channel_freeze_unfreeze"
    case metadataCreate = "roost:metadata_create"
    case metadataUpdate = "roost:metadata_update"
    case metadataDelete = "roost:metadata_delete"
    case metacounterCreate = "roost:metacounter_create"
    case metacounterUpdate = "roost:metacounter_update"
    case metacounterDelete = "roost:metacounter_delete"
    case userMute = "roost:user_mute"
    case userUnmute = "roost:user_unmute"
    case userBan = "roost:user_ban"
    case userUnban = "roost:user_unban"
    case channelHide = "roost:channel_hide"
    case channelUnhide = "roost:channel_unhide"
    case threadInfoUpdate = "roost:thread_info_update"
    /// Members invited when their channel is created: the webhook tells them in
    /// `group_channel:join`, the SDK's invitation delegate hears of it all the same.
    case inviteAtCreation = "roost:invite_at_creation"

    /// Whether Sendbird delivers it as a webhook: Roost's own never go out as one.
    var isWebhook: Bool { !rawValue.hasPrefix("roost:") }

    /// Every webhook category, as `enabled_events: ["*"]` expands and `all_webhook_categories` lists.
    static var names: [String] { allCases.filter(\.isWebhook).map(\.rawValue) }
}
