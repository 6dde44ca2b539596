import HTTPTypes
import Hummingbird

/// Who may read which events. An API token reads everything, narrowed by `category`,
/// `channel_url` and `user_id`; a user reads their own stream (`user_id` with their access
/// token or a session token, in `Session-Key`, `Api-Token` or `token`), which holds only
/// what Sendbird's SDK would tell them.
struct EventStreamAccess: Sendable {
    let policy: any APIAccessPolicy
    let users: UserService

    /// What a request may read: the events it asked for, and the user whose own stream it
    /// opened with their token (nil when the master token reads, even on a user's behalf).
    struct Grant: Sendable {
        let filter: EventFilter
        let owner: String?
    }

    func grant(for request: Request, context: RoostContext, query: QueryParameters) async throws -> Grant {
        guard policy.allows(context.remoteAddress) else { throw APIError.addressNotAllowed }
        let filter = EventFilter(
            categories: query.list("category", orSingle: "category"), channelURL: query.string("channel_url"),
            visibleTo: query.string("user_id")
        )
        if let categories = filter.categories, let unknown = categories.first(where: { EventCategory(rawValue: $0) == nil }) {
            throw APIError.invalid("category", "\"\(unknown)\" is not an event category.")
        }
        let given = request.headers[.sessionKey] ?? request.headers[.apiToken] ?? query.string("token")
        if let given, policy.kind(of: given) != nil { return Grant(filter: filter, owner: nil) }
        guard let userID = filter.visibleTo else { throw APIError.invalidAPIToken }
        try await users.logIn(given, as: userID)
        return Grant(filter: filter, owner: userID)
    }
}

extension HTTPField.Name {
    static let sessionKey = Self("Session-Key")!
}

