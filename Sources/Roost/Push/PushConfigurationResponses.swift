import Hummingbird

/// `{"push_configurations": [...]}`: configurations as Sendbird answers them, secrets masked,
/// the APNs certificate never shown. Each has the fields of its own provider only.
struct PushConfigurationList: ResponseEncodable, Encodable {
    struct Item: Encodable {
        let id: String
        let pushType: String
        let createdAt: Int64
        var apiKey: String?
        var senderID: String?
        var huaweiAppID: String?
        var huaweiAppSecret: String?
        var apnsName: String?
        var apnsType: String?
        var apnsCertEnvType: String?
        /// The name Sendbird's own OpenAPI document gives the same field.
        var apnsCerEnvType: String?
        /// Roost cannot read a certificate's expiry; 0 says unknown.
        var apnsExpiration: Int?
        var hasCertificate: Bool?
        /// A number, as SDK 0.0.16 reads it.
        var hasUnreadCountBadge: Int?
        var contentAvailable: Bool?
        var mutableContent: Bool?
        let pushSound: String

        enum CodingKeys: String, CodingKey {
            case id, pushType = "push_type", createdAt = "created_at", apiKey = "api_key", senderID = "sender_id"
            case huaweiAppID = "huawei_app_id", huaweiAppSecret = "huawei_app_secret", apnsName = "apns_name", apnsType = "apns_type"
            case apnsCertEnvType = "apns_cert_env_type", apnsCerEnvType = "apns_cer_env_type", apnsExpiration = "apns_expiration"
            case hasCertificate = "has_certificate", hasUnreadCountBadge = "has_unread_count_badge"
            case contentAvailable = "content_available", mutableContent = "mutable_content", pushSound = "push_sound"
        }

        init(_ configuration: PushConfiguration) {
            id = configuration.id
            pushType = configuration.provider.label
            createdAt = configuration.createdAt
            pushSound = configuration.pushSound
            switch configuration.provider {
            case .fcm:
                apiKey = MaskedSecret.of(configuration.apiKey)
                senderID = configuration.senderID
            case .huawei:
                huaweiAppID = configuration.huaweiAppID
                huaweiAppSecret = MaskedSecret.of(configuration.huaweiAppSecret)
            case .apns:
                apnsName = configuration.apnsName
                apnsType = configuration.apnsEnvironment.uppercased()
                apnsCertEnvType = configuration.apnsEnvironment
                apnsCerEnvType = configuration.apnsEnvironment
                apnsExpiration = 0
                hasCertificate = configuration.apnsCertificate != nil
                hasUnreadCountBadge = configuration.hasUnreadCountBadge ? 1 : 0
                contentAvailable = configuration.contentAvailable
                mutableContent = configuration.mutableContent
            }
        }
    }

    let pushConfigurations: [Item]

    enum CodingKeys: String, CodingKey { case pushConfigurations = "push_configurations" }

    init(configurations: [PushConfiguration]) {
        pushConfigurations = configurations.map(Item.init)
    }
}

/// `{"push_configurations": "<id>"}` after an update, `{"push_configurations": ["<id>"]}`
/// after a removal, as Sendbird answers each.
struct PushConfigurationID: ResponseEncodable, Encodable {
    let pushConfigurations: OneOrList

    enum CodingKeys: String, CodingKey { case pushConfigurations = "push_configurations" }

    init(id: String, listed: Bool) {
        pushConfigurations = listed ? .list([id]) : .one(id)
    }
}

/// `{"push_message_templates": [...]}`: the templates by name, one of them with what its
/// texts look like filled in.
struct PushTemplateList: ResponseEncodable, Encodable {
    struct Item: Encodable {
        let templateName: String
        let template: PushMessageTemplate
        let pushMessagePreview: PushMessageTemplate?

        enum CodingKeys: String, CodingKey {
            case templateName = "template_name", template, pushMessagePreview = "push_message_preview"
        }
    }

    let pushMessageTemplates: [Item]

    enum CodingKeys: String, CodingKey { case pushMessageTemplates = "push_message_templates" }

    init(templates: [(name: String, template: PushMessageTemplate)], withPreview: Bool) {
        pushMessageTemplates = templates.map {
            Item(templateName: $0.name, template: $0.template, pushMessagePreview: withPreview ? $0.template.preview : nil)
        }
    }
}

struct PushSettingsBody: ResponseEncodable, Encodable {
    let pushEnabled: Bool

    enum CodingKeys: String, CodingKey { case pushEnabled = "push_enabled" }
}
