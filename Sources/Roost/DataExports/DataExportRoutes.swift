import Hummingbird

/// `/v3/export/{data_type}`: register, list and view data exports.
struct DataExportRoutes: Sendable {
    let exports: DataExportService

    func register(on group: RouterGroup<RoostContext>) {
        group.post(":data_type", use: create)
        group.get(":data_type", use: list)
        group.get(":data_type/:request_id", use: export)
    }

    @Sendable func create(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        DataExportBody(try await exports.register(try context.exportDataType(), try await request.decodeJSON(ExportRequest.self)))
    }

    @Sendable func list(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        DataExportList(page: try await exports.list(try context.exportDataType(), page: try request.query.pageRequest()))
    }

    @Sendable func export(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        DataExportBody(try await exports.export(try context.pathParameter("request_id"), of: try context.exportDataType()))
    }
}

struct DataExportList: ResponseEncodable, Encodable {
    let exportedData: [DataExportBody]
    let next: String

    enum CodingKeys: String, CodingKey { case exportedData = "exported_data", next }

    init(page: Page<DataExportRecord>) {
        exportedData = page.items.map(DataExportBody.init)
        next = page.next
    }
}

extension RoostContext {
    func exportDataType() throws(APIError) -> ExportDataType {
        guard let type = ExportDataType(rawValue: try pathParameter("data_type")) else {
            throw .invalid("data_type", "Give messages, channels, users or failed_webhooks.")
        }
        return type
    }
}
