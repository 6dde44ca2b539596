import Hummingbird

/// Device tokens (`/v3/users/{user_id}/push...`, `/v3/push/device_tokens/...`) and push
/// preferences (`/v3/users/{user_id}/push_preference...`).
struct PushRoutes: Sendable {
    let push: PushService

    func register(users: RouterGroup<RoostContext>, push group: RouterGroup<RoostContext>) {
        users.put(":user_id/push/template", use: setPushTemplate)
        users.post(":user_id/push/:token_type", use: registerDeviceToken)
        users.get(":user_id/push/:token_type", use: deviceTokens)
        users.delete(":user_id/push/:token_type/:token", use: removeDeviceToken)
        users.delete(":user_id/push", use: removeAllDeviceTokens)
        group.get("device_tokens/:token_type/:token", use: deviceTokenOwner)
        group.delete("device_tokens/:token_type/:token", use: removeDeviceTokenFromOwners)

        users.get(":user_id/push_preference", use: pushPreferences)
        users.put(":user_id/push_preference", use: updatePushPreferences)
        users.delete(":user_id/push_preference", use: resetPushPreferences)
        users.get(":user_id/push_preference/:channel_url", use: channelPushPreference)
        users.put(":user_id/push_preference/:channel_url", use: updateChannelPushPreference)
    }

    @Sendable func setPushTemplate(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(TemplateRequest.self)
        guard let name = body.name ?? body.templateName else { throw APIError.missing("name") }
        return TemplateBody(name: try await push.chooseTemplate(name, for: try context.pathParameter("user_id")))
    }

    @Sendable func registerDeviceToken(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.tokenType()
        let token = try await request.decodeJSON(AddTokenRequest.self).token(of: type)
        let (registered, user) = try await push.register(token, of: type, for: try context.pathParameter("user_id"))
        return DeviceTokensBody(tokens: .registered(registered), type: type, user: user)
    }

    @Sendable func deviceTokens(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.tokenType()
        let (tokens, user) = try await push.tokens(of: try context.pathParameter("user_id"), type: type)
        return DeviceTokensBody(tokens: .listed(tokens), type: type, user: user)
    }

    @Sendable func removeDeviceToken(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let token = try context.pathParameter("token")
        let user = try await push.remove(token, of: try context.tokenType(), from: try context.pathParameter("user_id"))
        return DeviceTokensBody(tokens: .removed([token]), type: nil, user: user)
    }

    @Sendable func removeAllDeviceTokens(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let (user, tokens) = try await push.removeAll(from: try context.pathParameter("user_id"))
        return DeviceTokensBody(tokens: .removed(tokens), type: nil, user: user)
    }

    @Sendable func deviceTokenOwner(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        TokenOwners(userIDs: try await push.owners(of: try context.pathParameter("token"), type: try context.tokenType()))
    }

    @Sendable func removeDeviceTokenFromOwners(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        TokenOwners(userIDs: try await push.removeFromOwners(try context.pathParameter("token"), type: try context.tokenType()))
    }

    @Sendable func pushPreferences(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        PushPreferencesBody(preferences: try await push.preferences(of: try context.pathParameter("user_id")))
    }

    @Sendable func updatePushPreferences(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let change = try await request.decodeJSON(PushPreferencesChange.self)
        return PushPreferencesBody(preferences: try await push.updatePreferences(of: try context.pathParameter("user_id"), with: change))
    }

    @Sendable func resetPushPreferences(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        _ = try await push.updatePreferences(of: try context.pathParameter("user_id"), with: PushPreferencesChange(), reset: true)
        return EmptyObject()
    }

    @Sendable func channelPushPreference(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        ChannelPushPreferenceBody(
            preference: try await push.channelPreference(of: try context.pathParameter("user_id"), in: try context.pathParameter("channel_url"))
        )
    }

    @Sendable func updateChannelPushPreference(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let change = try await request.decodeJSON(ChannelPushPreferenceChange.self)
        return ChannelPushPreferenceBody(
            preference: try await push.updateChannelPreference(
                of: try context.pathParameter("user_id"), in: try context.pathParameter("channel_url"), with: change
            )
        )
    }
}

extension RoostContext {
    /// `{token_type}`: gcm, huawei or apns.
    func tokenType() throws(APIError) -> DeviceTokenType {
        guard let type = DeviceTokenType(rawValue: try pathParameter("token_type")) else {
            throw .invalid("token_type", "Give gcm, huawei or apns.")
        }
        return type
    }
}
