import Hummingbird

/// `GET /files/{application_id}/{file_id}/{name}`: uploaded files, readable without a token
/// as Sendbird's file URLs are.
struct FileRoutes: Sendable {
    let storage: FileStorage

    func register(on group: RouterGroup<RoostContext>) {
        group.get(":application_id/:file_id/:name", use: file)
    }

    @Sendable func file(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        guard let path = storage.path(
            applicationID: try context.pathParameter("application_id"),
            fileID: try context.pathParameter("file_id"),
            name: try context.pathParameter("name")
        ) else { throw APIError.pageNotFound }
        let body: ResponseBody
        do {
            body = try await FileIO().loadFile(path: path, context: context)
        } catch let error as HTTPError where error.status == .notFound {
            throw APIError.pageNotFound
        }
        let fileExtension = path.split(separator: ".").last.map(String.init) ?? ""
        let type = MediaType.getMediaType(forExtension: fileExtension)?.description ?? "application/octet-stream"
        return Response(status: .ok, headers: [.contentType: type], body: body)
    }
}
