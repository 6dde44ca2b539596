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
        GDPRRequestBody(try await gdpr.register(try await request.decodeJSON(GDPRService.Registration.self)))
    }

    @Sendable func list(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        GDPRRequestList(page: try await gdpr.list(page: try request.query.pageRequest()))
    }

    @Sendable func gdprRequest(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        GDPRRequestBody(try await gdpr.request(try context.pathParameter("request_id")))
    }

    @Sendable func cancel(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await gdpr.cancel(try context.pathParameter("request_id"))
        return EmptyObject()
    }
}

/// A GDPR request as Sendbird answers it (`files` one object, though plural): an access
/// request's user, or a deletion's users and channel option.
struct GDPRRequestBody: Encodable, ResponseEncodable {
    let requestID: String
    let action: String
    let status: String
    let userID: String?
    let userIDs: [String]?
    let channelDeleteOption: String?
    let createdAt: Int64
    let files: ExportFile?

    enum CodingKeys: String, CodingKey {
        case requestID = "request_id", action, status, userID = "user_id", userIDs = "user_ids"
        case channelDeleteOption = "channel_delete_option", createdAt = "created_at", files
    }

    init(_ request: GDPRRequest) {
        requestID = request.requestID
        action = request.action
        status = request.status.rawValue
        let isAccess = request.action == "access"
        userID = isAccess ? request.userID : nil
        userIDs = isAccess ? nil : request.userIDs
        channelDeleteOption = isAccess ? nil : request.channelDeleteOption
        createdAt = request.createdAt
        if let fileURL = request.fileURL {
            files = ExportFile(url: fileURL, expiresAt: request.expiresAt)
        } else {
            // Sendbird's list page shows a finished deletion with an empty `files`.
            files = request.status == .done ? ExportFile(url: "", expiresAt: 0) : nil
        }
    }
}

struct GDPRRequestList: ResponseEncodable, Encodable {
    let requests: [GDPRRequestBody]
    let next: String

    init(page: Page<GDPRRequest>) {
        requests = page.items.map(GDPRRequestBody.init)
        next = page.next
    }
}
