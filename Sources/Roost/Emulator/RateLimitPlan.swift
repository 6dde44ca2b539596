/// Sendbird's plans and the Platform API limits each sets, as its Rate limits page gives them:
/// requests a second per application, one allowance for each HTTP method.
public enum RateLimitPlan: String, Sendable, CaseIterable, Codable {
    case off
    case freeTrial = "free-trial"
    case mau5k = "5k"
    case mau10k = "10k"
    case mau25k = "25k"
    case mau50k = "50k"
    case mau100k = "100k"

    /// Requests a second for `method` across the application; nil when the plan is off.
    func limit(for method: RateLimitMethod) -> Int? {
        let (get, write): (Int, Int) = switch self {
        case .off: (0, 0)
        case .freeTrial: (10, 5)
        case .mau5k: (60, 10)
        case .mau10k: (100, 20)
        case .mau25k: (200, 40)
        case .mau50k: (400, 100)
        case .mau100k: (600, 200)
        }
        guard self != .off else { return nil }
        return method == .get ? get : write
    }
}

/// The methods Sendbird's plans limit, each on its own.
enum RateLimitMethod: String, Sendable, CaseIterable, Codable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
}

/// The calls Sendbird's Rate limits page lists with a stricter limit of their own, each checked
/// at its scope as well as against its plan's method limit (Sendbird's answer on its forum).
enum StrictAPI: String, Sendable, CaseIterable, Codable {
    case messageMigration = "message_migration"
    case userUpdate = "user_update"
    case groupChannelCreation = "group_channel_creation"
    case invitation = "invitation"
    case messageSend = "message_send"
    case markAsRead = "mark_as_read"

    /// Requests a second at the call's scope, whatever the plan.
    static let limit = 5

    /// What one allowance covers: the whole application, or one user or channel, named by
    /// the request's path.
    enum Scope: String, Sendable, Codable {
        case application
        case user
        case channel
    }

    /// The call a request makes and the scope it is counted at (the user or channel its path
    /// names, as the path spells it; "" for the application), or nil for a call without a
    /// stricter limit. `parts` are the path's parts after `/v3`.
    static func call(_ method: RateLimitMethod, _ parts: [Substring]) -> (api: StrictAPI, scope: Scope, key: String)? {
        switch (method, parts.count) {
        case (.post, 2) where parts[0] == "migration":
            return (.messageMigration, .application, "")
        case (.put, 2) where parts[0] == "users":
            return (.userUpdate, .user, String(parts[1]))
        case (.put, 3) where parts[0] == "users" && parts[2] == "mark_as_read_all":
            return (.markAsRead, .user, String(parts[1]))
        case (.post, 1) where parts[0] == "group_channels":
            return (.groupChannelCreation, .application, "")
        case (.post, 3) where parts[0] == "group_channels" && parts[2] == "invite":
            return (.invitation, .channel, "group_channels/\(parts[1])")
        case (.post, 3) where (parts[0] == "group_channels" || parts[0] == "open_channels") && parts[2] == "messages":
            return (.messageSend, .channel, "\(parts[0])/\(parts[1])")
        case (.put, 4) where parts[0] == "group_channels" && parts[2] == "messages" && parts[3] == "mark_as_read":
            return (.markAsRead, .channel, "group_channels/\(parts[1])")
        default:
            return nil
        }
    }
}
