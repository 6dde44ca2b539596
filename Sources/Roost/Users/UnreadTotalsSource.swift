/// A user's unread totals across their group channels, which `GET /v3/users/{user_id}`
/// shows with `include_unread_count=true` (narrowed by its `custom_types` and `super_mode`).
/// Read state, which sits above users, provides them; the composition root hands it to
/// `UserRoutes`.
protocol UnreadTotalsSource: Sendable {
    func unreadTotals(of userID: String, query: QueryParameters) async throws -> (messages: Int, channels: Int)
}
