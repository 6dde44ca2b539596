import Foundation

/// Where a scheduled message stands, as Sendbird names it.
enum ScheduledStatus: String, Sendable, CaseIterable {
    case pending, sent, failed, canceled
}

/// A row of the scheduled_messages table: the send request it will make, and its fate.
struct ScheduledMessageRecord: Sendable, FetchableRecord {
    var id: Int64
    var channelID: Int64
    var senderRowID: Int64?
    var type: MessageType
    var request: SendMessageRequest
    var scheduledAt: Int64
    var status: ScheduledStatus
    var createdAt: Int64
    var updatedAt: Int64
    var sentAt: Int64
    var messageID: Int64?
    /// Why it failed: Sendbird's error, as the send would have answered it.
    var errorCode: Int?
    var errorMessage: String?

    enum Columns: Int, TableColumns {
        case id, channel_id, sender_id, message_type, request, scheduled_at, status, created_at, updated_at, sent_at
        case message_id, error_code, error_message
    }

    init(row: Row) {
        id = row[Columns.id]
        channelID = row[Columns.channel_id]
        senderRowID = row[Columns.sender_id]
        type = MessageType(rawValue: row[Columns.message_type]) ?? .user
        let json: String = row[Columns.request]
        request = (try? JSON.decoder.decode(SendMessageRequest.self, from: Data(json.utf8))) ?? SendMessageRequest()
        scheduledAt = row[Columns.scheduled_at]
        status = ScheduledStatus(rawValue: row[Columns.status]) ?? .pending
        createdAt = row[Columns.created_at]
        updatedAt = row[Columns.updated_at]
        sentAt = row[Columns.sent_at]
        messageID = row[Columns.message_id]
        errorCode = row[Columns.error_code]
        errorMessage = row[Columns.error_message]
    }

    init(channelID: Int64, senderRowID: Int64?, request: SendMessageRequest, scheduledAt: Int64, at time: Int64) {
        id = 0
        self.channelID = channelID
        self.senderRowID = senderRowID
        type = request.messageType ?? .user
        self.request = request
        self.scheduledAt = scheduledAt
        status = .pending
        createdAt = time
        updatedAt = time
        sentAt = 0
    }
}
