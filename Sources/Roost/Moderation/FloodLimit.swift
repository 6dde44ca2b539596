/// Sendbird's flood protection: at most `perSecond` messages a second from one sender in one
/// channel (0 turns it off).
///
/// The count is read in the database, inside the send's write (`FloodRepository`). Every node
/// serving the database therefore counts the same sends, their writers taking turns. A send
/// refused by a later rule, or whose write rolls back, stored nothing and counts for nothing.
struct FloodLimit: Sendable {
    let perSecond: Int

    /// Refuses a send with Sendbird's rate-limit error when its sender has already sent
    /// `perSecond` messages in the channel within the last second.
    func admit(alreadySent: Int) throws(APIError) {
        if perSecond > 0, alreadySent >= perSecond { throw .rateLimited }
    }
}

extension APIError {
    static let rateLimited = APIError(
        code: 400910, message: "Too many messages: this user is sending faster than the channel allows.", status: .tooManyRequests
    )
}
