/// The body of `POST /v3/bots` (where the service requires what Sendbird does) and of
/// `PUT /v3/bots/{bot_userid}` (where every field is optional).
struct BotRequest: Decodable {
    var botUserID: String?
    var botNickname: String?
    var botProfileURL: String?
    var botType: String?
    var botCallbackURL: String?
    var isPrivacyMode: Bool?
    var enableMarkAsRead: Bool?
    var showMember: Bool?
    var channelInvitationPreference: Int?

    enum CodingKeys: String, CodingKey {
        case botUserID = "bot_userid", botNickname = "bot_nickname", botProfileURL = "bot_profile_url", botType = "bot_type"
        case botCallbackURL = "bot_callback_url", isPrivacyMode = "is_privacy_mode", enableMarkAsRead = "enable_mark_as_read"
        case showMember = "show_member", channelInvitationPreference = "channel_invitation_preference"
    }
}

struct JoinChannelsRequest: Decodable {
    var channelURLs: [String]?

    enum CodingKeys: String, CodingKey { case channelURLs = "channel_urls" }
}

/// The body of `POST /v3/bots/{bot_userid}/send`, as JSON or as a multipart form. The 2.x
/// SDK sends every request as a form, with booleans as `True`/`False` and lists
/// comma-joined, so each field is read leniently from either form.
struct BotMessageRequest: Decodable {
    var messageType: MessageType?
    var channelURL: String?
    var message: String?
    var customType: String?
    var data: String?
    var mentioned: [String]?
    var mentionedUserIDs: [String]?
    var isSilent: Bool?
    var markAsRead: Bool?
    /// Whether members get a push notification (Sendbird's default: yes).
    var sendPush: Bool?
    var createdAt: Int64?
    var dedupID: String?
    var url: String?
    var fileName: String?
    var fileSize: Int64?
    var fileType: String?
    var extendedMessagePayload: ExtendedMessagePayload?

    enum CodingKeys: String, CodingKey {
        case messageType = "message_type", channelURL = "channel_url", message, customType = "custom_type", data, mentioned
        case mentionedUserIDs = "mentioned_user_ids", isSilent = "is_silent", markAsRead = "mark_as_read", sendPush = "send_push"
        case createdAt = "created_at", dedupID = "dedup_id", url, fileName = "file_name", fileSize = "file_size"
        case fileType = "file_type", extendedMessagePayload = "extended_message_payload"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        messageType = try container.decodeIfPresent(MessageType.self, forKey: .messageType)
        channelURL = try container.decodeIfPresent(String.self, forKey: .channelURL)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        customType = try container.decodeIfPresent(String.self, forKey: .customType)
        data = try container.decodeIfPresent(String.self, forKey: .data)
        mentioned = try Self.list(container, .mentioned)
        mentionedUserIDs = try Self.list(container, .mentionedUserIDs)
        isSilent = try Self.bool(container, .isSilent)
        markAsRead = try Self.bool(container, .markAsRead)
        sendPush = try Self.bool(container, .sendPush)
        createdAt = try Self.number(container, .createdAt)
        dedupID = try container.decodeIfPresent(String.self, forKey: .dedupID)
        url = try container.decodeIfPresent(String.self, forKey: .url)
        fileName = try container.decodeIfPresent(String.self, forKey: .fileName)
        fileSize = try Self.number(container, .fileSize)
        fileType = try container.decodeIfPresent(String.self, forKey: .fileType)
        extendedMessagePayload = try container.decodeIfPresent(ExtendedMessagePayload.self, forKey: .extendedMessagePayload)
    }

    private static func list(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> [String]? {
        if let list = try? container.decodeIfPresent([String].self, forKey: key) { return list }
        return try container.decodeIfPresent(String.self, forKey: key).map { $0.split(separator: ",").map(String.init) }
    }

    private static func bool(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Bool? {
        if let value = try? container.decodeIfPresent(Bool.self, forKey: key) { return value }
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: throw APIError.unexpectedType(key.stringValue, expected: .boolean)
        }
    }

    private static func number(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Int64? {
        if let value = try? container.decodeIfPresent(Int64.self, forKey: key) { return value }
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = Int64(text) else { throw APIError.unexpectedType(key.stringValue, expected: .number) }
        return value
    }
}
