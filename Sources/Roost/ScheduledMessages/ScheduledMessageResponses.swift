import Hummingbird

/// A scheduled message as Sendbird answers it: the message it will be (type, text, sender
/// under `user`, mentions, file), when it is due, and what became of it.
struct ScheduledMessage: ResponseEncodable, JSONObject, Sendable {
    let record: ScheduledMessageRecord
    let channelURL: String
    let sender: UserSummary?
    let mentioned: [UserSummary]

    func write(to fields: inout JSONFields) throws {
        let request = record.request
        try fields.write("scheduled_message_id", record.id)
        try fields.write("type", record.type.rawValue)
        try fields.write("message", request.message ?? "")
        try fields.write("channel_url", channelURL)
        try fields.write("channel_type", "group")
        try fields.write("sender_id", sender?.userID ?? "")
        if let sender { try fields.write("user", MessageUser(user: sender, role: nil)) }
        try fields.write("scheduled_status", record.status.rawValue)
        try fields.write("scheduled_at", record.scheduledAt)
        try fields.write("created_at", record.createdAt)
        try fields.write("updated_at", record.updatedAt)
        try fields.write("sent_at", record.sentAt)
        try fields.write("custom_type", request.customType ?? "")
        try fields.write("data", request.data ?? "")
        try fields.write("send_push", request.sendPush ?? (record.type != .admin))
        try fields.write("mention_type", (request.mentionType ?? .users).rawValue)
        try fields.write("mentioned_users", mentioned.map { MessageUser(user: $0, role: nil) })
        try fields.write("is_silent", request.isSilent ?? false)
        try fields.write("mark_as_read", request.markAsRead ?? true)
        try fields.write("sorted_metaarray", request.sortedMetaarray?.items ?? [])
        if record.type == .file {
            try fields.write("file", ScheduledFile(request: request))
        }
        if let messageID = record.messageID { try fields.write("message_id", messageID) }
        if let code = record.errorCode {
            try fields.write("error_code", code)
            try fields.write("error_message", record.errorMessage ?? "")
        }
    }

    private struct ScheduledFile: JSONObject {
        let request: SendMessageRequest

        func write(to fields: inout JSONFields) throws {
            try fields.write("url", request.url ?? "")
            try fields.write("name", request.fileName ?? "")
            try fields.write("type", request.fileType ?? "")
            try fields.write("size", request.fileSize ?? 0)
        }
    }
}

struct ScheduledMessageList: ResponseEncodable, JSONObject {
    let page: Page<ScheduledMessage>

    func write(to fields: inout JSONFields) throws {
        try fields.write("scheduled_messages", page.items)
        try fields.write("next", page.next)
    }
}

struct ScheduledMessageCount: ResponseEncodable, JSONObject {
    let count: Int

    func write(to fields: inout JSONFields) throws {
        try fields.write("count", count)
    }
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
