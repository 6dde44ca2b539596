import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import NIOHTTP1

extension Request {
    /// Decodes the JSON body into a request type, answering Sendbird's errors for a wrong
    /// Content-Type, malformed JSON, a missing field or a field of the wrong type.
    /// An empty body reads as `{}` so that routes whose fields are all optional accept it.
    /// `BodyLimit` has already read the body into memory within its limit.
    func decodeJSON<Body: Decodable>(_ type: Body.Type = Body.self) async throws -> Body {
        if let contentType = headers[.contentType], !Self.isJSON(contentType) {
            throw APIError.unsupportedContentType
        }
        var bytes = try await body.collect(upTo: .max)
        if bytes.readableBytes == 0 {
            bytes = ByteBuffer(string: "{}")
        }
        if Self.escapesNUL(bytes) { throw APIError.nulCharacter }
        do {
            return try JSON.decoder.decode(Body.self, from: bytes)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // Foundation says the same of broken JSON and of a number its field cannot hold
            // (1.5 or 1e40 for an integer); only the first is broken JSON.
            let parses = (try? JSONSerialization.jsonObject(with: Data(buffer: bytes), options: .fragmentsAllowed)) != nil
            throw parses ? APIError.numberOutOfRange : APIError.invalidJSON
        } catch let error as DecodingError {
            throw APIError(decoding: error)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.invalidJSON
        }
    }

    /// Whether a JSON text holds `\u0000` in a string: JSON writes NUL no other way, and a
    /// backslash stands only in strings, where it always starts an escape of its own.
    static func escapesNUL(_ bytes: ByteBuffer) -> Bool {
        bytes.withUnsafeReadableBytes { text in
            var index = 0
            while let backslash = text[index...].firstIndex(of: UInt8(ascii: "\\")) {
                let escape = text[(backslash + 1)...].prefix(5)
                if escape.elementsEqual("u0000".utf8) { return true }
                index = backslash + 2
                guard index < text.count else { return false }
            }
            return false
        }
    }

    /// The boundary of a `multipart/form-data` body, or nil for any other body.
    var multipartBoundary: String? {
        // Most bodies are JSON: a look for "multipart" spares them parsing the media type, which
        // every request pays once in `BodyLimit` and again in a route that takes forms.
        guard let contentType = headers[.contentType],
            contentType.utf8.prefix(9).lazy.map({ $0 | 0x20 }).elementsEqual("multipart".utf8),
            let mediaType = MediaType(from: contentType), mediaType.isType(.multipartForm)
        else { return nil }
        return mediaType.parameter?.name == "boundary" ? mediaType.parameter?.value : nil
    }

    /// Decodes a `multipart/form-data` body: its form fields into a request type (text values
    /// converted to the field types), and the file part (`file`, unless named), if any.
    func decodeMultipart<Body: Decodable>(
        _ type: Body.Type, boundary: String, filePart: String = "file"
    ) async throws -> (Body, MultipartPart?) {
        let bytes = try await body.collect(upTo: .max)
        guard !FormPrecheck.wouldStopParser(bytes, boundary: boundary) else { throw APIError.unreadableForm }
        do {
            let fields = try FormDataDecoder().decode(Body.self, from: bytes, boundary: boundary)
            return (fields, try Self.part(named: filePart, in: bytes, boundary: boundary))
        } catch let error as APIError {
            throw error
        } catch let error as DecodingError {
            throw APIError(decoding: error)
        } catch {
            throw APIError.unreadableForm
        }
    }

    private static func part(named name: String, in bytes: ByteBuffer, boundary: String) throws -> MultipartPart? {
        let parser = MultipartParser(boundary: boundary)
        var headers = HTTPHeaders()
        var body = ByteBuffer()
        var found: MultipartPart?
        parser.onHeader = { field, value in headers.add(name: field, value: value) }
        parser.onBody = { chunk in body.writeBuffer(&chunk) }
        var textHasNUL = false
        parser.onPartComplete = {
            let part = MultipartPart(headers: headers, body: body)
            if part.name == name {
                if found == nil { found = part }
            } else if body.readableBytesView.contains(0) {
                textHasNUL = true
            }
            headers = HTTPHeaders()
            body = ByteBuffer()
        }
        try parser.execute(bytes)
        // A file may hold any byte; a text field is stored, and SQLite would cut it at a NUL.
        if textHasNUL { throw APIError.nulCharacter }
        return found
    }

    /// Whether the media type (before any `;` parameters, spaces and tabs around it, in any
    /// case) is `application/json`. Byte by byte: Foundation's whitespace trimming cost a
    /// write route 3% of its time.
    private static func isJSON(_ contentType: String) -> Bool {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var mediaType = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        while let first = mediaType.first, isBlank(first) { mediaType.removeFirst() }
        while let last = mediaType.last, isBlank(last) { mediaType.removeLast() }
        // Only ASCII letters are lower-cased: no other byte could match the expected type.
        let lowercased = mediaType.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        return lowercased.elementsEqual("application/json".utf8)
    }
}

extension APIError {
    static let unreadableForm = APIError.invalid("multipart/form-data", "The form could not be read.")

    /// A well-formed number that its field cannot hold; Foundation's decoder does not say which field.
    static let numberOutOfRange = APIError(
        code: 400111, message: "Invalid value: a number in the request is not a whole number its field can hold."
    )

    /// Maps what the JSON decoder found onto Sendbird's parameter errors.
    init(decoding error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self = .missing(Self.parameterName(context.codingPath + [key]))
        case .valueNotFound(_, let context) where context.codingPath.isEmpty:
            // The body is `null`: no JSON object at all.
            self = .invalidJSON
        case .valueNotFound(_, let context):
            self = .missing(Self.parameterName(context.codingPath))
        case .typeMismatch(let type, let context):
            self = .unexpectedType(Self.parameterName(context.codingPath), expected: Self.expectedType(type))
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = .invalidJSON
        case .dataCorrupted(let context):
            self = .invalid(Self.parameterName(context.codingPath))
        @unknown default:
            self = .invalidJSON
        }
    }

    private static func parameterName(_ path: [any CodingKey]) -> String {
        path.reduce(into: "") { name, key in
            if let index = key.intValue {
                name += "[\(index)]"
            } else {
                name += name.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
    }

    private static func expectedType(_ type: Any.Type) -> ExpectedType {
        let name = String(describing: type)
        if type == Bool.self { return .boolean }
        if type == String.self || type == Substring.self { return .string }
        if name.hasPrefix("Array") { return .list }
        if name.hasPrefix("Dictionary") { return .object }
        if type is any Numeric.Type { return .number }
        return .object
    }
}
