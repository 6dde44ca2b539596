import HTTPTypes
import Hummingbird

/// Who may read which events. The master token reads everything, narrowed by `category`,
/// `channel_url` and `user_id`; a user reads their own stream (`user_id` with their access
/// token or a session token, in `Session-Key`, `Api-Token` or `token`), which holds only
/// what Sendbird's SDK would tell them.
struct EventStreamAccess: Sendable {
    let masterToken: String
    let users: UserService

    func filter(for request: Request, query: QueryParameters) async throws -> EventFilter {
        var filter = EventFilter(
            categories: query.list("category", orSingle: "category"), channelURL: query.string("channel_url"),
            visibleTo: query.string("user_id")
        )
        if let categories = filter.categories, let unknown = categories.first(where: { EventCategory(rawValue: $0) == nil }) {
            throw APIError.invalid("category", "\"\(unknown)\" is not an event category.")
        }
        let given = request.headers[.sessionKey] ?? request.headers[.apiToken] ?? query.string("token")
        if let given, given == masterToken { return filter }
        guard let userID = filter.visibleTo else { throw APIError.invalidAPIToken }
        guard let given, try await users.accepts(given, for: userID) else { throw APIError.invalidAccessToken }
        filter.visibleTo = userID
        return filter
    }

    /// Whether the request reads its user's own stream with that user's token (rather than
    /// the master token reading on their behalf).
    func isOwnStream(_ request: Request, _ filter: EventFilter) -> Bool {
        let given = request.headers[.sessionKey] ?? request.headers[.apiToken] ?? request.query.string("token")
        return filter.visibleTo != nil && given != masterToken
    }
}

extension HTTPField.Name {
    static let sessionKey = Self("Session-Key")!
}

extension APIError {
    static let invalidAccessToken = APIError(code: 400302, message: "Invalid access token.", status: .unauthorized)
}
