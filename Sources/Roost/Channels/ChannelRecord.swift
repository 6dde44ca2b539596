/// A row of the channels table.
struct ChannelRecord: Sendable, Equatable, FetchableRecord {
    var rowID: Int64
    var type: ChannelType
    var url: String
    var name: String
    var coverURL: String
    var customType: String
    var data: String
    var isDistinct: Bool
    var isPublic: Bool
    var isSuper: Bool
    var isEphemeral: Bool
    var isDiscoverable: Bool
    var accessCode: String?
    var freeze: Bool
    var memberCount: Int
    var joinedMemberCount: Int
    var participantCount: Int
    var distinctKey: String?
    var createdBy: Int64?
    var createdAt: Int64
    var lastMessageAt: Int64?
    var lastMessageID: Int64?
    /// The messages that made members' unread counts rise, so far (migration 0030).
    var countedMessages: Int64
    /// Which state of its messages, and of the rest of what its view shows, the channel is in
    /// (migrations 0038 and 0039): pages kept in memory are answered while they match.
    var messageRevision: Int64
    var viewRevision: Int64
    /// An open channel's, as its creation gave it (migration 0052).
    var isDynamicPartitioned: Bool

    /// The columns `init(row:)` reads, in its order.
    enum Columns: Int, TableColumns {
        case id, channel_type, channel_url, name, cover_url, custom_type, data, is_distinct, is_public, is_super
        case is_ephemeral, is_discoverable, access_code, freeze, member_count, joined_member_count, participant_count
        case distinct_key, created_by, created_at, last_message_at, last_message_id, counted_messages
        case message_revision, view_revision, is_dynamic_partitioned
    }

    /// What a query selects to read channels: `SELECT \(ChannelRecord.columns) FROM channels ...`.
    static let columns = Columns.qualified(by: "channels")

    init(row: Row) {
        rowID = row[Columns.id]
        type = ChannelType(rawValue: row[Columns.channel_type]) ?? .group
        url = row[Columns.channel_url]
        name = row[Columns.name]
        coverURL = row[Columns.cover_url]
        customType = row[Columns.custom_type]
        data = row[Columns.data]
        isDistinct = row[Columns.is_distinct]
        isPublic = row[Columns.is_public]
        isSuper = row[Columns.is_super]
        isEphemeral = row[Columns.is_ephemeral]
        isDiscoverable = row[Columns.is_discoverable]
        accessCode = row[Columns.access_code]
        freeze = row[Columns.freeze]
        memberCount = row[Columns.member_count]
        joinedMemberCount = row[Columns.joined_member_count]
        participantCount = row[Columns.participant_count]
        distinctKey = row[Columns.distinct_key]
        createdBy = row[Columns.created_by]
        createdAt = row[Columns.created_at]
        lastMessageAt = row[Columns.last_message_at]
        lastMessageID = row[Columns.last_message_id]
        countedMessages = row[Columns.counted_messages]
        messageRevision = row[Columns.message_revision]
        viewRevision = row[Columns.view_revision]
        isDynamicPartitioned = row[Columns.is_dynamic_partitioned]
    }
}

extension ChannelRecord {
    /// A group channel of two members: what Sendbird's guides call a 1-on-1 channel, where
    /// blocking withholds messages and refuses sends (a larger one is 1-on-N).
    var isOneOnOne: Bool { type == .group && memberCount == 2 }

    /// Applies the fields both kinds of channel share, where given.
    mutating func update(name: String?, coverURL: String?, customType: String?, data: String?) {
        if let name { self.name = name }
        if let coverURL { self.coverURL = coverURL }
        if let customType { self.customType = customType }
        if let data { self.data = data }
    }
}
