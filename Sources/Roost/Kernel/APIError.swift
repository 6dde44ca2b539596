import HTTPTypes

/// The one error type of the server. Every failure a client can see is one of these;
/// `ErrorResponses` turns it into Sendbird's `{"error": true, "code": ..., "message": ...}`.
public struct APIError: Error, Equatable, Sendable {
    public let code: Int
    public let message: String
    public let status: HTTPResponse.Status

    public init(code: Int, message: String, status: HTTPResponse.Status = .badRequest) {
        self.code = code
        self.message = message
        self.status = status
    }
}

/// Said as its message, where one reaches a log or the terminal (a bad `--import` file).
extension APIError: CustomStringConvertible {
    public var description: String { message }
}

/// The JSON types a parameter can be expected to have, each with Sendbird's error code.
public enum ExpectedType: Sendable {
    case string, number, list, object, boolean

    var code: Int {
        switch self {
        case .string: 400100
        case .number: 400101
        case .list: 400102
        case .object: 400103
        case .boolean: 400104
        }
    }

    var noun: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .list: "a list"
        case .object: "a JSON object"
        case .boolean: "a boolean"
        }
    }
}

extension APIError {
    static func unexpectedType(_ parameter: String, expected: ExpectedType) -> APIError {
        APIError(code: expected.code, message: "\"\(parameter)\" must be \(expected.noun).")
    }

    static func missing(_ parameter: String) -> APIError {
        APIError(code: 400105, message: "\"\(parameter)\" is required.")
    }

    static func negativeNotAllowed(_ parameter: String) -> APIError {
        APIError(code: 400106, message: "\"\(parameter)\" must not be negative.")
    }

    static func tooLong(_ parameter: String, max: Int) -> APIError {
        APIError(code: 400110, message: "\"\(parameter)\" is longer than \(max) characters.")
    }

    static func invalid(_ parameter: String, _ detail: String? = nil) -> APIError {
        let suffix = detail.map { " \($0)" } ?? ""
        return APIError(code: 400111, message: "Invalid value: \"\(parameter)\".\(suffix)")
    }

    static func outOfRange(_ parameter: String, _ range: ClosedRange<Int>) -> APIError {
        APIError(
            code: 400113,
            message: "Invalid value: \"\(parameter)\" must be between \(range.lowerBound) and \(range.upperBound)."
        )
    }

    static func notAllowedCharacter(_ parameter: String) -> APIError {
        APIError(code: 400151, message: "\"\(parameter)\" must not be empty or contain characters that are not allowed.")
    }

    /// SQLite would keep a text only up to its first NUL: "a\u0000b" would be stored as "a".
    static let nulCharacter = APIError(code: 400151, message: "Strings must not contain the NUL character (\\u0000).")

    static func notFound(_ resource: String) -> APIError {
        APIError(code: 400201, message: "\"\(resource)\" not found.")
    }

    static func alreadyExists(_ resource: String) -> APIError {
        APIError(code: 400202, message: "\"\(resource)\" violates unique constraint.")
    }

    static func tooManyItems(_ parameter: String, max: Int) -> APIError {
        APIError(code: 400203, message: "\"\(parameter)\" may hold at most \(max) items.")
    }

    static let invalidAPIToken = APIError(code: 400401, message: "Invalid API Token.", status: .unauthorized)

    static let unexpected = APIError(
        code: 500901,
        message: "An unexpected error occurred.",
        status: .internalServerError
    )

    static let invalidJSON = APIError(code: 400103, message: "The request body is not valid JSON.")

    static let brokenHTTPFraming = APIError(code: 400111, message: "Invalid value: the request body's HTTP framing is broken.")

    // Sendbird's error page: "All errors return a 400 or 500 HTTP response", so a wrong media
    // type, a body too large and a URL no route serves are 400s too.
    static let unsupportedContentType = APIError(
        code: 400111,
        message: "Invalid value: \"Content-Type\". Send the request body as application/json."
    )

    static func bodyTooLarge(max: Int) -> APIError {
        APIError(code: 400110, message: "The request body is larger than \(max) bytes.")
    }

    static let routeNotFound = APIError(code: 400201, message: "The requested URL was not found.")

    /// A file or console page that is not there: Roost's own web routes (file URLs stand for
    /// Sendbird's file storage) answer it as a web server does.
    static let pageNotFound = APIError(code: 400201, message: "The requested page or file was not found.", status: .notFound)
}
