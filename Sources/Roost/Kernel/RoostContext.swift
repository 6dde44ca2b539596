import Hummingbird

/// Request context for every route: responses are written with the shared JSON encoder.
public struct RoostContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
    }

    public var responseEncoder: StreamingJSONEncoder { JSON.encoder }
}
