import HTTPTypes
import NIOCore
import Hummingbird

/// Who a request's API token says it is: the master token may do everything, a secondary
/// token everything but managing the tokens, as Sendbird documents.
enum APITokenKind: Sendable {
    case master, secondary
}

/// Decides which API tokens are good and which addresses may use them. The application
/// area keeps the lists; the kernel only asks.
protocol APIAccessPolicy: Sendable {
    func kind(of token: String) -> APITokenKind?
    /// Whether a request from this address may use the API (true when nothing restricts it).
    func allows(_ address: @autoclosure () -> SocketAddress?) -> Bool
}

/// Sendbird's authentication: every `/v3` request carries an API token in `Api-Token`, and
/// comes from an address the IP whitelist allows.
struct APITokenMiddleware: RouterMiddleware {
    typealias Context = RoostContext
    let policy: any APIAccessPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard policy.allows(context.remoteAddress) else { throw APIError.addressNotAllowed }
        guard let given = request.headers[.apiToken], let kind = policy.kind(of: given) else {
            throw APIError.invalidAPIToken
        }
        var context = context
        context.apiToken = kind
        return try await next(request, context)
    }
}

/// Compares two secrets in time that depends only on their lengths.
func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
    let a = Array(lhs.utf8), b = Array(rhs.utf8)
    guard a.count == b.count else { return false }
    return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
}

extension RoostContext {
    /// Refuses a request made with a secondary token to a route only the master token may use.
    func requireMasterToken() throws(APIError) {
        guard apiToken == .master else { throw APIError.masterTokenRequired }
    }
}

extension APIError {
    static let masterTokenRequired = APIError(code: 400108, message: "Only the master API token may manage API tokens.")
    /// Sendbird documents no code of its own for this; 403100 is its one forbidden-access code.
    static let addressNotAllowed = APIError(
        code: 403100, message: "Requests from this IP address are not allowed.", status: .forbidden
    )
}

extension HTTPField.Name {
    static let apiToken = Self("Api-Token")!
}
