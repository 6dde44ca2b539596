import Hummingbird
import NIOCore

/// Request context for every route: responses are written with the shared JSON encoder.
public struct RoostContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    let connection: any Channel
    /// Set by `APITokenMiddleware` for the routes behind it.
    var apiToken: APITokenKind?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.connection = source.channel
    }

    public var responseEncoder: StreamingJSONEncoder { JSON.encoder }

    /// Read only when something needs it (the IP whitelist, when it is not empty).
    public var remoteAddress: SocketAddress? { connection.remoteAddress }
}
