import Foundation

/// `sorted_metaarray`, given as a JSON array or, as the official Python SDK sends it, as a
/// string holding one; kept as the array.
struct MetaArrayValue: Codable {
    let items: [MetaArrayItem]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(items)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let parsed = try? JSON.decoder.decode([MetaArrayItem].self, from: Data(text.utf8)) else {
                throw DecodingError.typeMismatch(
                    [MetaArrayItem].self, .init(codingPath: decoder.codingPath, debugDescription: "not a JSON meta array")
                )
            }
            items = parsed
        } else {
            items = try container.decode([MetaArrayItem].self)
        }
    }
}

/// The body of `POST /messages`, for all three message types. Encodable too: a scheduled
/// message keeps the request it will send.
struct SendMessageRequest: Codable {
    var messageType: MessageType?
    var userID: String?
    var message: String?
    var customType: String?
    var data: String?
    var mentionType: MentionType?
    var mentionedUserIDs: [String]?
    var isSilent: Bool?
    var sortedMetaarray: MetaArrayValue?
    var createdAt: Int64?
    var dedupID: String?
    var parentMessageID: Int64?
    var url: String?
    var fileName: String?
    var fileSize: Int64?
    var fileType: String?
    var thumbnails: [String]?
    /// Thumbnails one by one, as Sendbird's own description also takes them: after `thumbnails`.
    var thumbnail1: String?
    var thumbnail2: String?
    var thumbnail3: String?
    /// A file message's: whether its file is for the uploader and the channel's members only.
    var requireAuth: Bool?
    var markAsRead: Bool?
    /// Whether members get a push notification: by default yes, but not for admin messages.
    var sendPush: Bool?
    /// Pins the message to its channel as it is sent.
    var pinMessage: Bool?
    /// A poll the (user) message carries.
    var pollID: Int64?
    /// The answer shows the poll in full rather than its summary.
    var includePollDetails: Bool?
    /// Shown with the message as sent; bots send it (`POST /v3/bots/{bot_userid}/send`).
    var extendedMessagePayload: ExtendedMessagePayload?

    enum CodingKeys: String, CodingKey {
        case messageType = "message_type", userID = "user_id", message, customType = "custom_type", data
        case mentionType = "mention_type", mentionedUserIDs = "mentioned_user_ids", isSilent = "is_silent"
        case sortedMetaarray = "sorted_metaarray", createdAt = "created_at", dedupID = "dedup_id"
        case parentMessageID = "parent_message_id", url, fileName = "file_name", fileSize = "file_size"
        case fileType = "file_type", thumbnails, thumbnail1, thumbnail2, thumbnail3, requireAuth = "require_auth"
        case markAsRead = "mark_as_read", sendPush = "send_push"
        case pinMessage = "pin_message", pollID = "poll_id", includePollDetails = "include_poll_details"
        case extendedMessagePayload = "extended_message_payload"
    }
}

/// The body of `PUT /messages/{message_id}`: only these fields change.
struct UpdateMessageRequest: Decodable {
    /// Who is editing: when given, they must have sent the message or operate the channel.
    var userID: String?
    var message: String?
    var customType: String?
    var data: String?
    var mentionType: MentionType?
    var mentionedUserIDs: [String]?
    /// A file message's new file URL (Sendbird's "Update a message" page lists it for file
    /// messages only; other messages have no file to point elsewhere).
    var url: String?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", message, customType = "custom_type", data, mentionType = "mention_type"
        case mentionedUserIDs = "mentioned_user_ids", url
    }
}

/// The body of `POST /v3/migration/{target_channel_url}`: up to 100 messages from another system.
struct MigrationRequest: Decodable {
    /// A migrated message: the fields of a sent message, with its original time as
    /// `timestamp` (or `created_at`), which Sendbird's page requires.
    struct MigratedMessage: Decodable {
        var message: SendMessageRequest
        var timestamp: Int64?

        init(from decoder: any Decoder) throws {
            message = try SendMessageRequest(from: decoder)
            timestamp = try decoder.container(keyedBy: AnyKey.self).decodeIfPresent(Int64.self, forKey: AnyKey(stringValue: "timestamp"))
        }
    }

    var messages: [MigratedMessage]
}

extension SendMessageRequest {
    /// Every thumbnail URL given, in the list or one by one.
    var allThumbnails: [String] {
        (thumbnails ?? []) + [thumbnail1, thumbnail2, thumbnail3].compactMap { $0 }
    }

    /// A file message's uploaded file: its URL, and its name, type and size unless given.
    mutating func attach(_ stored: FileStorage.StoredFile) {
        url = stored.url
        fileName = fileName ?? stored.name
        fileType = fileType ?? stored.type
        fileSize = fileSize ?? stored.size
    }
}
