import HTTPTypes
import Hummingbird

/// Sendbird's authentication: every `/v3` request carries the master token in `Api-Token`.
struct APITokenMiddleware: RouterMiddleware {
    typealias Context = RoostContext
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let given = request.headers[.apiToken], constantTimeEquals(given, token) else {
            throw APIError.invalidAPIToken
        }
        return try await next(request, context)
    }

    private func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension HTTPField.Name {
    static let apiToken = Self("Api-Token")!
}
