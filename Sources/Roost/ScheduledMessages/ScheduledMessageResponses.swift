import Hummingbird

/// A scheduled message as Sendbird answers it: the message it will be (type, text, sender
/// under `user`, mentions, file), when it is due, and what became of it.
struct ScheduledMessage: ResponseEncodable, Encodable, Sendable {
    struct File: Encodable, Sendable {
        let url: String
        let name: String
        let type: String
        let size: Int64
    }

    let scheduledMessageID: Int64
    let type: String
    let message: String
    let channelURL: String
    let channelType = "group"
    let senderID: String
    let user: MessageUser?
    let scheduledStatus: String
    let scheduledAt: Int64
    let createdAt: Int64
    let updatedAt: Int64
    let sentAt: Int64
    let customType: String
    let data: String
    let sendPush: Bool
    let mentionType: String
    let mentionedUsers: [MessageUser]
    let isSilent: Bool
    let markAsRead: Bool
    let sortedMetaarray: [MetaArrayItem]
    let file: File?
    let messageID: Int64?
    let errorCode: Int?
    let errorMessage: String?

    enum CodingKeys: String, CodingKey {
        case scheduledMessageID = "scheduled_message_id", type, message, channelURL = "channel_url", channelType = "channel_type"
        case senderID = "sender_id", user, scheduledStatus = "scheduled_status", scheduledAt = "scheduled_at"
        case createdAt = "created_at", updatedAt = "updated_at", sentAt = "sent_at", customType = "custom_type", data
        case sendPush = "send_push", mentionType = "mention_type", mentionedUsers = "mentioned_users", isSilent = "is_silent"
        case markAsRead = "mark_as_read", sortedMetaarray = "sorted_metaarray", file, messageID = "message_id"
        case errorCode = "error_code", errorMessage = "error_message"
    }

    init(record: ScheduledMessageRecord, channelURL: String, sender: UserSummary?, mentioned: [UserSummary]) {
        let request = record.request
        scheduledMessageID = record.id
        type = record.type.rawValue
        message = request.message ?? ""
        self.channelURL = channelURL
        senderID = sender?.userID ?? ""
        user = sender.map { MessageUser(user: $0, role: nil) }
        scheduledStatus = record.status.rawValue
        scheduledAt = record.scheduledAt
        createdAt = record.createdAt
        updatedAt = record.updatedAt
        sentAt = record.sentAt
        customType = request.customType ?? ""
        data = request.data ?? ""
        sendPush = request.sendPush ?? (record.type != .admin)
        mentionType = (request.mentionType ?? .users).rawValue
        mentionedUsers = mentioned.map { MessageUser(user: $0, role: nil) }
        isSilent = request.isSilent ?? false
        markAsRead = request.markAsRead ?? true
        sortedMetaarray = request.sortedMetaarray?.items ?? []
        file = record.type == .file
            ? File(url: request.url ?? "", name: request.fileName ?? "", type: request.fileType ?? "", size: request.fileSize ?? 0)
            : nil
        messageID = record.messageID
        errorCode = record.errorCode
        errorMessage = record.errorCode == nil ? nil : record.errorMessage ?? ""
    }
}

struct ScheduledMessageList: ResponseEncodable, Encodable {
    let scheduledMessages: [ScheduledMessage]
    let next: String

    enum CodingKeys: String, CodingKey { case scheduledMessages = "scheduled_messages", next }

    init(page: Page<ScheduledMessage>) {
        scheduledMessages = page.items
        next = page.next
    }
}

struct ScheduledMessageCount: ResponseEncodable, Encodable {
    let count: Int
}

/// The body of a scheduled message's creation or change: a send request, and when.
struct ScheduleMessageRequest: Decodable {
    let message: SendMessageRequest
    let scheduledAt: Int64?

    enum CodingKeys: String, CodingKey { case scheduledAt = "scheduled_at" }

    init(from decoder: any Decoder) throws {
        message = try SendMessageRequest(from: decoder)
        scheduledAt = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Int64.self, forKey: .scheduledAt)
    }
}
