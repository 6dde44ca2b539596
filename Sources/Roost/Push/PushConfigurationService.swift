import Foundation

/// The application's push set-up: provider configurations (FCM, HMS, APNs), the two content
/// templates, and the switch that turns push notifications on or off.
struct PushConfigurationService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let random: RandomTokens
    private let repository = PushConfigurationRepository()

    /// An uploaded APNs `.p12` certificate.
    struct Certificate: Sendable {
        let fileName: String
        let bytes: [UInt8]
    }

    func add(_ provider: PushProvider, _ request: PushConfigurationRequest, certificate: Certificate?) async throws -> PushConfiguration {
        switch provider {
        case .fcm:
            guard Self.given(request.apiKey) != nil else { throw APIError.missing("api_key") }
        case .huawei:
            guard Self.given(request.huaweiAppID) != nil else { throw APIError.missing("huawei_app_id") }
            guard Self.given(request.huaweiAppSecret) != nil else { throw APIError.missing("huawei_app_secret") }
        case .apns:
            guard certificate != nil else { throw APIError.missing("apns_cert") }
        }
        var configuration = PushConfiguration(id: random.hex(bytes: 20), provider: provider, createdAt: clock.now / 1000)
        try Self.apply(request, certificate: certificate, to: &configuration)
        let added = configuration
        try await database.write { db in try repository.save(added, in: db) }
        return added
    }

    func configurations(of provider: PushProvider) async throws -> [PushConfiguration] {
        try await database.read { db in try repository.configurations(of: provider, in: db) }
    }

    func configuration(_ id: String, of provider: PushProvider) async throws -> PushConfiguration {
        try await database.read { db in try existing(id, of: provider, in: db) }
    }

    /// Changes the fields given; the others stay.
    func update(_ id: String, of provider: PushProvider, _ request: PushConfigurationRequest, certificate: Certificate?) async throws {
        try await database.write { db in
            var configuration = try existing(id, of: provider, in: db)
            try Self.apply(request, certificate: certificate, to: &configuration)
            try repository.save(configuration, in: db)
        }
    }

    func remove(_ id: String, of provider: PushProvider) async throws {
        try await database.write { db in
            _ = try existing(id, of: provider, in: db)
            try repository.remove(id, in: db)
        }
    }

    /// Drops an APNs configuration's certificate; the configuration stays, and pushes to
    /// Apple devices stop until a certificate is uploaded again.
    func deleteCertificate(of id: String) async throws {
        try await database.write { db in
            var configuration = try existing(id, of: .apns, in: db)
            configuration.apnsCertificate = nil
            configuration.apnsCertificatePassword = ""
            try repository.save(configuration, in: db)
        }
    }

    // MARK: Content templates

    func templates() async throws -> [(name: String, template: PushMessageTemplate)] {
        try await database.read { db in
            try PushMessageTemplate.names.map { ($0, try repository.template($0, in: db)) }
        }
    }

    func template(_ name: String) async throws -> PushMessageTemplate {
        try Self.checkTemplateName(name)
        return try await database.read { db in try repository.template(name, in: db) }
    }

    func updateTemplate(_ name: String, _ request: PushTemplateRequest) async throws -> PushMessageTemplate {
        try Self.checkTemplateName(name)
        for (field, text) in [("MESG", request.mesg), ("FILE", request.file), ("ADMM", request.admm)] {
            guard let text else { continue }
            guard !text.isEmpty else { throw APIError.invalid("template.\(field)", "A template text must not be empty.") }
            guard text.count <= Self.maxTemplateLength else { throw APIError.tooLong("template.\(field)", max: Self.maxTemplateLength) }
        }
        guard request.mesg != nil || request.file != nil || request.admm != nil else { throw APIError.missing("template") }
        return try await database.write { db in
            var template = try repository.template(name, in: db)
            if let mesg = request.mesg { template.mesg = mesg }
            if let file = request.file { template.file = file }
            if let admm = request.admm { template.admm = admm }
            try repository.save(template, as: name, in: db)
            return template
        }
    }

    static let maxTemplateLength = 1_000

    // MARK: The switch

    func pushEnabled() async throws -> Bool {
        try await database.read { db in try repository.pushEnabled(in: db) }
    }

    func setPushEnabled(_ enabled: Bool) async throws -> Bool {
        try await database.write { db in try repository.setPushEnabled(enabled, in: db) }
        return enabled
    }

    // MARK: Rules

    private func existing(_ id: String, of provider: PushProvider, in db: Database) throws -> PushConfiguration {
        guard let configuration = try repository.find(id, of: provider, in: db) else { throw APIError.notFound("Push configuration") }
        return configuration
    }

    private static func checkTemplateName(_ name: String) throws(APIError) {
        guard PushMessageTemplate.names.contains(name) else {
            throw .invalid("template_name", "Give one of: \(PushMessageTemplate.names.joined(separator: ", ")).")
        }
    }

    /// A text field as given: nil when absent or empty.
    private static func given(_ value: String?) -> String? {
        value.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func apply(_ request: PushConfigurationRequest, certificate: Certificate?, to configuration: inout PushConfiguration) throws(APIError) {
        if let sound = request.pushSound { configuration.pushSound = sound }
        switch configuration.provider {
        case .fcm:
            if let key = given(request.apiKey) { configuration.apiKey = key }
            if let sender = given(request.senderID) { configuration.senderID = sender }
        case .huawei:
            if let appID = given(request.huaweiAppID) { configuration.huaweiAppID = appID }
            if let secret = given(request.huaweiAppSecret) { configuration.huaweiAppSecret = secret }
        case .apns:
            if let environment = request.apnsEnvironment {
                guard PushConfiguration.environments.contains(environment) else {
                    throw .invalid("apns_cert_env_type", "Give development or production.")
                }
                configuration.apnsEnvironment = environment
            }
            if let certificate {
                guard !certificate.bytes.isEmpty else { throw .invalid("apns_cert", "The certificate file is empty.") }
                configuration.apnsCertificate = Data(certificate.bytes).base64EncodedString()
                configuration.apnsName = (certificate.fileName as NSString).deletingPathExtension
            }
            if let password = request.apnsCertPassword { configuration.apnsCertificatePassword = password }
            if let badge = request.hasUnreadCountBadge { configuration.hasUnreadCountBadge = badge }
            if let available = request.contentAvailable { configuration.contentAvailable = available }
            if let mutable = request.mutableContent { configuration.mutableContent = mutable }
        }
    }
}
