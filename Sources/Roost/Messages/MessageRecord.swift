import Foundation
import GRDB

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

/// A row of the messages table.
struct MessageRecord: Sendable, Equatable, ColumnOrderedRecord {
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

    static let columnNames = [
        "id", "channel_id", "type", "sender_id", "message", "custom_type", "data", "mention_type", "is_silent",
        "is_removed", "is_op_msg", "parent_message_id", "file", "thumbnails", "sorted_metaarray", "translations",
        "dedup_id", "created_at", "updated_at", "reply_count", "last_replied_at",
    ]

    /// What a query selects to read messages: `SELECT \(MessageRecord.columns) FROM messages ...`.
    static let columns = columns(of: "messages")

    init(row: Row) {
        id = row[0]
        channelID = row[1]
        type = MessageType(rawValue: row[2]) ?? .user
        senderRowID = row[3]
        message = row[4]
        customType = row[5]
        data = row[6]
        mentionType = MentionType(rawValue: row[7]) ?? .users
        isSilent = row[8]
        isRemoved = row[9]
        isOperatorMessage = row[10]
        parentMessageID = row[11]
        file = JSONColumn.decode(FileInfo.self, from: row[12])
        thumbnails = JSONColumn.decode([String].self, from: row[13]) ?? []
        sortedMetaarray = JSONColumn.decode([MetaArrayItem].self, from: row[14]) ?? []
        translations = JSONColumn.decode([String: String].self, from: row[15]) ?? [:]
        dedupID = row[16]
        createdAt = row[17]
        updatedAt = row[18]
        replyCount = row[19]
        lastRepliedAt = row[20]
    }
}
