import Foundation

/// The body of an announcement's creation or change. Fields come nested (`message`,
/// `create_channel_options`) as Sendbird's pages and SDK 2.x send them, or flattened with
/// dotted keys (`"message.content"`) as SDK 0.0.16 does; booleans also as "true"/"false",
/// and `create_channel_options` also as a JSON string. Every field is optional here; the
/// service asks for what creation needs.
struct AnnouncementRequest: Decodable, Sendable {
    struct MessageFields: Sendable {
        var type: MessageType?
        var userID: String?
        var content: String?
        var customType: String?
        var data: String?
    }

    struct ChannelOptionFields: Sendable {
        var name: String?
        var coverURL: String?
        var customType: String?
        var data: String?
        var distinct: Bool?
    }

    var uniqueID: String?
    var group: String?
    var message = MessageFields()
    var targetAt: AnnouncementTarget?
    var targetList: [String]?
    var targetChannelType: String?
    var targetCustomType: String?
    var createChannel: Bool?
    var channelOptions = ChannelOptionFields()
    var scheduledAt: Int64?
    var ceaseAt: String?
    var resumeAt: String?
    var endAt: Int64?
    var enablePush: Bool?
    var markAsRead: Bool?
    var assignSenderAsChannelInviter: Bool?
    /// `cancel`, `pause`, `resume` or `stop`: when given, the other fields are not read.
    var action: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        func key(_ name: String) -> AnyKey { AnyKey(stringValue: name) }
        func string(_ name: String) throws -> String? { try container.decodeIfPresent(String.self, forKey: key(name)) }
        func flag(_ name: String) throws -> Bool? {
            if let value = try? container.decodeIfPresent(Bool.self, forKey: key(name)) { return value }
            guard let text = try string(name) else { return nil }
            switch text.lowercased() {
            case "true": return true
            case "false": return false
            default: throw DecodingError.typeMismatch(Bool.self, .init(codingPath: [key(name)], debugDescription: "not a boolean"))
            }
        }
        uniqueID = try string("unique_id")
        group = try string("announcement_group")
        action = try string("action")
        if container.contains(key("message")) {
            // Given, `message` is an object: its fields never stand in a string of their own.
            guard let nested = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: key("message")) else {
                throw DecodingError.typeMismatch([String: String].self, .init(codingPath: [key("message")], debugDescription: "not an object"))
            }
            message.type = try Self.messageType(try nested.decodeIfPresent(String.self, forKey: key("type")), at: "message.type")
            message.userID = try nested.decodeIfPresent(String.self, forKey: key("user_id"))
            message.content = try nested.decodeIfPresent(String.self, forKey: key("content"))
            message.customType = try nested.decodeIfPresent(String.self, forKey: key("custom_type"))
            message.data = try nested.decodeIfPresent(String.self, forKey: key("data"))
        }
        if message.type == nil {
            message.type = try Self.messageType(try string("message.type") ?? string("message_type"), at: "message.type")
        }
        message.userID = try message.userID ?? string("message.user_id") ?? string("user_id")
        message.content = try message.content ?? string("message.content") ?? string("content")
        message.customType = try message.customType ?? string("message.custom_type")
        message.data = try message.data ?? string("message.data") ?? string("message_data")

        if let nested = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: key("create_channel_options")) {
            channelOptions = try Self.channelOptions(nested)
        } else if let text = try? string("create_channel_options"), !text.isEmpty {
            let inner = try JSON.decoder.decode(ChannelOptionsText.self, from: Data(text.utf8))
            channelOptions = inner.fields
        }
        channelOptions.name = try channelOptions.name ?? string("create_channel_options.name")
        channelOptions.coverURL = try channelOptions.coverURL ?? string("create_channel_options.cover_url")
        channelOptions.customType = try channelOptions.customType ?? string("create_channel_options.custom_type")
        channelOptions.data = try channelOptions.data ?? string("create_channel_options.data")
        channelOptions.distinct = try channelOptions.distinct ?? flag("create_channel_options.distinct")

        if let target = try string("target_at") {
            guard let parsed = AnnouncementTarget(rawValue: target) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [key("target_at")], debugDescription: "unknown target"))
            }
            targetAt = parsed
        }
        targetList = try container.decodeIfPresent([String].self, forKey: key("target_list"))
        targetChannelType = try string("target_channel_type")
        targetCustomType = try string("target_custom_type")
        createChannel = try flag("create_channel")
        scheduledAt = try container.decodeIfPresent(Int64.self, forKey: key("scheduled_at"))
        ceaseAt = try string("cease_at")
        resumeAt = try string("resume_at")
        endAt = try container.decodeIfPresent(Int64.self, forKey: key("end_at"))
        enablePush = try flag("enable_push")
        markAsRead = try flag("mark_as_read")
        assignSenderAsChannelInviter = try flag("assign_sender_as_channel_inviter")
    }

    /// The announcement's message type, if given: one of the three, with the older `BRDM` read
    /// as `ADMM`.
    private static func messageType(_ name: String?, at path: String) throws -> MessageType? {
        guard let name else { return nil }
        guard let type = name == "BRDM" ? .admin : MessageType(rawValue: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [AnyKey(stringValue: path)], debugDescription: "unknown message type"))
        }
        return type
    }

    private static func channelOptions(_ container: KeyedDecodingContainer<AnyKey>) throws -> ChannelOptionFields {
        func key(_ name: String) -> AnyKey { AnyKey(stringValue: name) }
        var fields = ChannelOptionFields()
        fields.name = try container.decodeIfPresent(String.self, forKey: key("name"))
        fields.coverURL = try container.decodeIfPresent(String.self, forKey: key("cover_url"))
        fields.customType = try container.decodeIfPresent(String.self, forKey: key("custom_type"))
        fields.data = try container.decodeIfPresent(String.self, forKey: key("data"))
        fields.distinct = try container.decodeIfPresent(Bool.self, forKey: key("distinct"))
        return fields
    }

    /// `create_channel_options` given as a JSON string.
    private struct ChannelOptionsText: Decodable {
        let fields: ChannelOptionFields

        init(from decoder: any Decoder) throws {
            fields = try AnnouncementRequest.channelOptions(try decoder.container(keyedBy: AnyKey.self))
        }
    }
}
