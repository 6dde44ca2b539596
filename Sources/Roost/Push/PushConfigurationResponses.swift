import Hummingbird

/// `{"push_configurations": [...]}`: configurations as Sendbird answers them, secrets masked,
/// the APNs certificate never shown.
struct PushConfigurationList: ResponseEncodable, JSONObject {
    let configurations: [PushConfiguration]

    struct Item: JSONObject {
        let configuration: PushConfiguration

        func write(to fields: inout JSONFields) throws {
            let configuration = self.configuration
            try fields.write("id", configuration.id)
            try fields.write("push_type", configuration.provider.label)
            try fields.write("created_at", configuration.createdAt)
            switch configuration.provider {
            case .fcm:
                try fields.write("api_key", MaskedSecret.of(configuration.apiKey))
                try fields.write("sender_id", configuration.senderID)
            case .huawei:
                try fields.write("huawei_app_id", configuration.huaweiAppID)
                try fields.write("huawei_app_secret", MaskedSecret.of(configuration.huaweiAppSecret))
            case .apns:
                try fields.write("apns_name", configuration.apnsName)
                try fields.write("apns_type", configuration.apnsEnvironment.uppercased())
                try fields.write("apns_cert_env_type", configuration.apnsEnvironment)
                // The name Sendbird's own OpenAPI document gives the same field.
                try fields.write("apns_cer_env_type", configuration.apnsEnvironment)
                // Roost cannot read a certificate's expiry; 0 says unknown.
                try fields.write("apns_expiration", 0)
                try fields.write("has_certificate", configuration.apnsCertificate != nil)
                // A number, as SDK 0.0.16 reads it.
                try fields.write("has_unread_count_badge", configuration.hasUnreadCountBadge ? 1 : 0)
                try fields.write("content_available", configuration.contentAvailable)
                try fields.write("mutable_content", configuration.mutableContent)
            }
            try fields.write("push_sound", configuration.pushSound)
        }
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("push_configurations", configurations.map(Item.init))
    }
}

/// `{"push_configurations": "<id>"}` after an update, `{"push_configurations": ["<id>"]}`
/// after a removal, as Sendbird answers each.
struct PushConfigurationID: ResponseEncodable, JSONObject {
    let id: String
    let listed: Bool

    func write(to fields: inout JSONFields) throws {
        if listed {
            try fields.write("push_configurations", [id])
        } else {
            try fields.write("push_configurations", id)
        }
    }
}

/// `{"push_message_templates": [...]}`: the templates by name, one of them with what its
/// texts look like filled in.
struct PushTemplateList: ResponseEncodable, JSONObject {
    let templates: [(name: String, template: PushMessageTemplate)]
    let withPreview: Bool

    struct Item: JSONObject {
        let name: String
        let template: PushMessageTemplate
        let withPreview: Bool

        func write(to fields: inout JSONFields) throws {
            try fields.write("template_name", name)
            try fields.write("template", template)
            if withPreview { try fields.write("push_message_preview", template.preview) }
        }
    }

    func write(to fields: inout JSONFields) throws {
        try fields.write("push_message_templates", templates.map { Item(name: $0.name, template: $0.template, withPreview: withPreview) })
    }
}

struct PushSettingsBody: ResponseEncodable, JSONObject {
    let pushEnabled: Bool

    func write(to fields: inout JSONFields) throws {
        try fields.write("push_enabled", pushEnabled)
    }
}
