import Foundation
import Hummingbird
import HummingbirdTesting
import NIOHTTP1
import Testing

@testable import Roost

@Suite struct ErrorResponsesTests {
    struct SecretFailure: Error {}

    /// The mapping alone, as `RequestChain` applies it.
    struct Mapping: RouterMiddleware {
        typealias Context = RoostContext

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            do {
                return try await next(request, context)
            } catch {
                return ErrorResponses.response(to: error, of: request, logger: context.logger)
            }
        }
    }

    @Test func unexpectedErrorsAre500901WithoutTheirCause() async throws {
        let router = Router(context: RoostContext.self)
        router.add(middleware: Mapping())
        router.get("/boom") { _, _ -> String in throw SecretFailure() }
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(uri: "/boom", method: .get)
            #expect(response.status == .internalServerError)
            let body = try JSONDecoder().decode(JSONValue.self, from: Data(buffer: response.body))
            #expect(body == ["error": true, "code": 500901, "message": "An unexpected error occurred."])
            #expect(!String(buffer: response.body).contains("SecretFailure"))
        }
    }

    /// NIO's parser finds a chunked body's broken framing only as the body is read, so its
    /// error reaches the mapping from inside a request: the client's mistake, a 400.
    @Test func brokenHTTPFramingIsA400() async throws {
        let router = Router(context: RoostContext.self)
        router.add(middleware: Mapping())
        router.get("/chunks") { _, _ -> String in throw HTTPParserError.invalidChunkSize }
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(uri: "/chunks", method: .get)
            #expect(response.status == .badRequest)
            let body = try JSONDecoder().decode(JSONValue.self, from: Data(buffer: response.body))
            #expect(body == ["error": true, "code": 400111, "message": "Invalid value: the request body's HTTP framing is broken."])
        }
    }
}
