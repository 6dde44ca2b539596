import Hummingbird

/// `/v3/applications/push/...`: provider configurations, content templates and the push
/// switch. Every provider route takes `{push_type}` from the path (the router does not fall
/// back from a fixed segment such as `fcm` to a parameter); `settings` and
/// `message_templates` are fixed names no provider has.
struct PushConfigurationRoutes: Sendable {
    let push: PushConfigurationService

    func register(on group: RouterGroup<RoostContext>) {
        group.get("push/settings", use: pushSettings)
        group.put("push/settings", use: updatePushSettings)

        group.get("push/message_templates", use: messageTemplates)
        group.get("push/message_templates/:template_name", use: messageTemplate)
        group.put("push/message_templates/:template_name", use: updateMessageTemplate)

        group.post("push/:push_type", use: addProvider)
        group.put("push/:push_type/:provider_id", use: updateProvider)
        group.delete("push/:push_type/cert/:provider_id", use: removeCertificate)
        group.get("push/:push_type", use: providers)
        group.get("push/:push_type/:provider_id", use: provider)
        group.delete("push/:push_type/:provider_id", use: deleteProvider)
    }

    /// The fields of a configuration, as JSON or as a form; an APNs form carries its
    /// certificate as the `apns_cert` file.
    private static func decode(
        _ request: Request, for provider: PushProvider
    ) async throws -> (PushConfigurationRequest, PushConfigurationService.Certificate?) {
        guard let boundary = request.multipartBoundary else { return (try await request.decodeJSON(PushConfigurationRequest.self), nil) }
        let (body, part) = try await request.decodeMultipart(PushConfigurationRequest.self, boundary: boundary, filePart: "apns_cert")
        guard provider == .apns, let part else { return (body, nil) }
        return (body, .init(fileName: FileStorage.filename(of: part) ?? "certificate.p12", bytes: Array(buffer: part.body)))
    }

    @Sendable func pushSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        PushSettingsBody(pushEnabled: try await push.pushEnabled())
    }

    @Sendable func updatePushSettings(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        guard let enabled = try await request.decodeJSON(PushSettingsRequest.self).pushEnabled else {
            throw APIError.missing("push_enabled")
        }
        return PushSettingsBody(pushEnabled: try await push.setPushEnabled(enabled))
    }

    @Sendable func messageTemplates(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        PushTemplateList(templates: try await push.templates(), withPreview: false)
    }

    @Sendable func messageTemplate(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let name = try context.pathParameter("template_name")
        return PushTemplateList(templates: [(name, try await push.template(name))], withPreview: true)
    }

    @Sendable func updateMessageTemplate(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let name = try context.pathParameter("template_name")
        let template = try await push.updateTemplate(name, try await request.decodeJSON(PushTemplateRequest.self))
        return PushTemplateList(templates: [(name, template)], withPreview: true)
    }

    @Sendable func addProvider(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let provider = try context.pushProvider()
        let (body, certificate) = try await Self.decode(request, for: provider)
        return PushConfigurationList(configurations: [try await push.add(provider, body, certificate: certificate)])
    }

    @Sendable func updateProvider(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let (provider, id) = (try context.pushProvider(), try context.pathParameter("provider_id"))
        let (body, certificate) = try await Self.decode(request, for: provider)
        try await push.update(id, of: provider, body, certificate: certificate)
        return PushConfigurationID(id: id, listed: false)
    }

    @Sendable func removeCertificate(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        guard try context.pushProvider() == .apns else { throw APIError.invalid("push_type", "Only APNs configurations have certificates.") }
        let id = try context.pathParameter("provider_id")
        try await push.deleteCertificate(of: id)
        return PushConfigurationID(id: id, listed: true)
    }

    @Sendable func providers(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        PushConfigurationList(configurations: try await push.configurations(of: try context.pushProvider()))
    }

    @Sendable func provider(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let configuration = try await push.configuration(try context.pathParameter("provider_id"), of: try context.pushProvider())
        return PushConfigurationList(configurations: [configuration])
    }

    @Sendable func deleteProvider(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let id = try context.pathParameter("provider_id")
        try await push.remove(id, of: try context.pushProvider())
        return PushConfigurationID(id: id, listed: true)
    }
}

extension RoostContext {
    func pushProvider() throws -> PushProvider {
        let name = try pathParameter("push_type")
        guard let provider = PushProvider(path: name) else { throw APIError.invalid("push_type", "Give fcm, huawei or apns.") }
        return provider
    }
}
