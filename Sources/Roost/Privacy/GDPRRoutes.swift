import Hummingbird

/// `/v3/privacy/gdpr`: register, list, view and cancel GDPR requests.
struct GDPRRoutes: Sendable {
    let gdpr: GDPRService

    func register(on group: RouterGroup<RoostContext>) {
        group.post { request, _ in try await gdpr.register(try await request.decodeJSON(GDPRService.Registration.self)) }
        group.get { request, _ in GDPRRequestList(page: try await gdpr.list(page: try request.query.pageRequest())) }
        group.get(":request_id") { _, context in try await gdpr.request(try context.pathParameter("request_id")) }
        group.delete(":request_id") { _, context in
            try await gdpr.cancel(try context.pathParameter("request_id"))
            return EmptyObject()
        }
    }
}

struct GDPRRequestList: ResponseEncodable, JSONObject {
    let page: Page<GDPRRequest>

    func write(to fields: inout JSONFields) throws {
        try fields.write("requests", page.items)
        try fields.write("next", page.next)
    }
}
