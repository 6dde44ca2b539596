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
struct MessageRecord: Sendable, Equatable {
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

    init(row: Row) {
        id = row["id"]
        channelID = row["channel_id"]
        type = MessageType(rawValue: row["type"]) ?? .user
        senderRowID = row["sender_id"]
        message = row["message"]
        customType = row["custom_type"]
        data = row["data"]
        mentionType = MentionType(rawValue: row["mention_type"]) ?? .users
        isSilent = row["is_silent"]
        isRemoved = row["is_removed"]
        isOperatorMessage = row["is_op_msg"]
        parentMessageID = row["parent_message_id"]
        file = JSONColumn.decode(FileInfo.self, from: row["file"])
        thumbnails = JSONColumn.decode([String].self, from: row["thumbnails"]) ?? []
        sortedMetaarray = JSONColumn.decode([MetaArrayItem].self, from: row["sorted_metaarray"]) ?? []
        translations = JSONColumn.decode([String: String].self, from: row["translations"]) ?? [:]
        dedupID = row["dedup_id"]
        createdAt = row["created_at"]
        updatedAt = row["updated_at"]
        replyCount = row["reply_count"]
        lastRepliedAt = row["last_replied_at"]
    }
}
