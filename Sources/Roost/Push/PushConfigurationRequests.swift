/// The fields of an FCM configuration, HMS configuration or APNs configuration as added or
/// changed: every field optional, so that one type serves adding (where the service asks
/// for the required ones) and partial updates. An empty string reads as not given, as SDK
/// 0.0.16 sends every field.
struct PushConfigurationRequest: Decodable, Sendable {
    var apiKey: String?
    var senderID: String?
    var huaweiAppID: String?
    var huaweiAppSecret: String?
    var apnsCertEnvType: String?
    /// The older name of `apns_cert_env_type`.
    var apnsType: String?
    var apnsCertPassword: String?
    var hasUnreadCountBadge: Bool?
    var contentAvailable: Bool?
    var mutableContent: Bool?
    var pushSound: String?

    enum CodingKeys: String, CodingKey {
        case apiKey = "api_key", senderID = "sender_id", huaweiAppID = "huawei_app_id", huaweiAppSecret = "huawei_app_secret"
        case apnsCertEnvType = "apns_cert_env_type", apnsType = "apns_type", apnsCertPassword = "apns_cert_password"
        case hasUnreadCountBadge = "has_unread_count_badge", contentAvailable = "content_available"
        case mutableContent = "mutable_content", pushSound = "push_sound"
    }

    /// The APNs environment, whichever name it came under.
    var apnsEnvironment: String? { [apnsCertEnvType, apnsType].compactMap { $0?.lowercased() }.first { !$0.isEmpty } }
}

/// `PUT /v3/applications/push/message_templates/{name}`: the texts to change, nested as
/// Sendbird's pages show (`{"template": {"MESG": ...}}`) or flattened as SDK 0.0.16 sends
/// them (`"template.MESG"`, and `"template.ADMN"` for the admin text).
struct PushTemplateRequest: Decodable, Sendable {
    var mesg: String?
    var file: String?
    var admm: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let nested = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "template")) {
            mesg = try nested.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "MESG"))
            file = try nested.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "FILE"))
            admm = try nested.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "ADMM")) ?? nested.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "ADMN"))
        }
        mesg = try mesg ?? container.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "template.MESG"))
        file = try file ?? container.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "template.FILE"))
        admm = try admm ?? container.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "template.ADMM"))
            ?? container.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "template.ADMN"))
    }
}

struct PushSettingsRequest: Decodable, Sendable {
    let pushEnabled: Bool?

    enum CodingKeys: String, CodingKey { case pushEnabled = "push_enabled" }
}
