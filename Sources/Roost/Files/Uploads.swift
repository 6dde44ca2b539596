import Hummingbird

extension FileStorage {
    /// Answers a route whose body is JSON or, as Sendbird's pages document for profile images
    /// and channel covers, a multipart form with a file part: the file (`part`) is stored
    /// first, `attach` puts its URL in the body, and if `act` fails the file goes again.
    func withUpload<Body: Decodable, Answer>(
        _ request: Request, as type: Body.Type, part: String, context: RoostContext,
        attach: (inout Body, StoredFile) -> Void, act: (Body) async throws -> Answer
    ) async throws -> Answer {
        guard let boundary = request.multipartBoundary else { return try await act(try await request.decodeJSON(type)) }
        var (body, file) = try await request.decodeMultipart(type, boundary: boundary, filePart: part)
        guard let file else { return try await act(body) }
        let stored = try await store(file, context: context)
        attach(&body, stored)
        do {
            return try await act(body)
        } catch {
            remove(stored)
            throw error
        }
    }
}
