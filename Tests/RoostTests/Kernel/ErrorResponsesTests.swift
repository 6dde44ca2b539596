import Foundation
import Hummingbird
import HummingbirdTesting
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
}
