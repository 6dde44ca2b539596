import Hummingbird

/// `/v3/privacy/gdpr`: register, list, view and cancel GDPR requests.
struct GDPRRoutes: Sendable {
    let gdpr: GDPRService

    func register(on group: RouterGroup<RoostContext>) {
        group.post(use: create)
        group.get(use: list)
        group.get(":request_id", use: gdprRequest)
        group.delete(":request_id", use: cancel)
    }

    @Sendable func create(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await gdpr.register(try await request.decodeJSON(GDPRService.Registration.self))
    }

    @Sendable func list(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        GDPRRequestList(page: try await gdpr.list(page: try request.query.pageRequest()))
    }

    @Sendable func gdprRequest(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await gdpr.request(try context.pathParameter("request_id"))
    }

    @Sendable func cancel(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await gdpr.cancel(try context.pathParameter("request_id"))
        return EmptyObject()
    }
}

struct GDPRRequestList: ResponseEncodable, JSONObject {
    let page: Page<GDPRRequest>

    func write(to fields: inout JSONFields) throws {
        try fields.write("requests", page.items)
        try fields.write("next", page.next)
    }
}
