import Foundation

enum MessageType: String, Sendable, Codable {
    case user = "MESG"
    case file = "FILE"
    case admin = "ADMM"
}

enum MentionType: String, Sendable, Codable {
    case users, channel
}

/// The file of a file message, as Sendbird nests it under `file`.
struct FileInfo: Codable, Sendable, Equatable {
    var url: String
    var name: String
    var type: String
    var size: Int64
    var data: String
}

/// One key of a message's sorted meta array.
struct MetaArrayItem: Codable, Sendable, Equatable {
    var key: String
    var value: [String]
}

/// What a bot's message may carry beyond its text (Sendbird's `extended_message_payload`):
/// replies to suggest, and a view of the client's own to draw, as any JSON object.
struct ExtendedMessagePayload: Codable, Sendable, Equatable {
    var suggestedReplies: [String]?
    var customView: AnyJSON?

    enum CodingKeys: String, CodingKey { case suggestedReplies = "suggested_replies", customView = "custom_view" }

    /// The object, or JSON text holding it, as a form (SDK 2.x) gives it; so every request that
    /// takes one reads both, as `MetaArrayValue` does for a meta array.
    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self = try JSON.decoder.decode(Self.self, from: Data(text.utf8))
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        suggestedReplies = try container.decodeIfPresent([String].self, forKey: .suggestedReplies)
        customView = try container.decodeIfPresent(AnyJSON.self, forKey: .customView)
    }
}

/// A row of the messages table.
struct MessageRecord: Sendable, Equatable, FetchableRecord {
    var id: Int64
    var channelID: Int64
    var type: MessageType
    var senderRowID: Int64?
    var message: String
    var customType: String
    var data: String
    var mentionType: MentionType
    var isSilent: Bool
    var isRemoved: Bool
    var isOperatorMessage: Bool
    var parentMessageID: Int64?
    var file: FileInfo?
    var thumbnails: [String]
    var sortedMetaarray: [MetaArrayItem]
    var translations: [String: String]
    var dedupID: String?
    var createdAt: Int64
    var updatedAt: Int64
    var replyCount: Int
    var lastRepliedAt: Int64
    /// The poll a user message carries.
    var pollID: Int64?
    /// A file message's `require_auth`, as sent.
    var requireAuth: Bool
    /// As sent (migration 0053); nil for most messages.
    var extendedMessagePayload: ExtendedMessagePayload?

    /// The columns `init(row:)` reads, in its order.
    enum Columns: Int, TableColumns {
        case id, channel_id, type, sender_id, message, custom_type, data, mention_type, is_silent, is_removed, is_op_msg
        case parent_message_id, file, thumbnails, sorted_metaarray, translations, dedup_id, created_at, updated_at
        case reply_count, last_replied_at, poll_id, require_auth, extended_message_payload
    }

    /// What a query selects to read messages: `SELECT \(MessageRecord.columns) FROM messages ...`.
    static let columns = Columns.qualified(by: "messages")

    init(row: Row) {
        id = row[Columns.id]
        channelID = row[Columns.channel_id]
        type = MessageType(rawValue: row[Columns.type]) ?? .user
        senderRowID = row[Columns.sender_id]
        message = row[Columns.message]
        customType = row[Columns.custom_type]
        data = row[Columns.data]
        mentionType = MentionType(rawValue: row[Columns.mention_type]) ?? .users
        isSilent = row[Columns.is_silent]
        isRemoved = row[Columns.is_removed]
        isOperatorMessage = row[Columns.is_op_msg]
        parentMessageID = row[Columns.parent_message_id]
        file = JSONColumn.decode(FileInfo.self, from: row[Columns.file])
        thumbnails = JSONColumn.decode([String].self, from: row[Columns.thumbnails]) ?? []
        sortedMetaarray = JSONColumn.decode([MetaArrayItem].self, from: row[Columns.sorted_metaarray]) ?? []
        translations = JSONColumn.decode([String: String].self, from: row[Columns.translations]) ?? [:]
        dedupID = row[Columns.dedup_id]
        createdAt = row[Columns.created_at]
        updatedAt = row[Columns.updated_at]
        replyCount = row[Columns.reply_count]
        lastRepliedAt = row[Columns.last_replied_at]
        pollID = row[Columns.poll_id]
        requireAuth = row[Columns.require_auth]
        extendedMessagePayload = JSONColumn.decode(ExtendedMessagePayload.self, from: row[Columns.extended_message_payload])
    }
}
