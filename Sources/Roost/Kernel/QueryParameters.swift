import Foundation
import Hummingbird
import HummingbirdCore

/// The query string of a request, decoded as HTML forms encode it (`+` is a space), with
/// typed accessors that answer Sendbird's errors for values of the wrong type. A repeated
/// parameter keeps every value, since the official SDKs send lists as `keys=a&keys=b`; some
/// of Sendbird's pages spell a list `custom_types[]`, which reads as `custom_types`.
struct QueryParameters: Sendable {
    private var values: [String: [String]] = [:]

    init(_ uri: URI) {
        guard let query = uri.query else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            var key = Self.formDecode(parts[0])
            if key.hasSuffix("[]") { key.removeLast(2) }
            let value = parts.count > 1 ? Self.formDecode(parts[1]) : ""
            values[key, default: []].append(value)
        }
    }

    private static func formDecode(_ text: Substring) -> String {
        // Most keys and values hold neither; Foundation's replacing and decoding are slow.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else { return String(text) }
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        // A value with an escaped NUL stays as written, like one with a broken escape:
        // SQLite would match it only up to the NUL ("alice%00x" would find alice).
        guard let decoded = spaced.removingPercentEncoding, !decoded.utf8.contains(0) else { return spaced }
        return decoded
    }

    /// The parameter's value; when it is repeated, the last one.
    func string(_ name: String) -> String? {
        values[name]?.last
    }

    /// A list given comma-separated (`user_ids=a,b`), repeated (`user_ids=a&user_ids=b`) or
    /// both. Items are trimmed (Sendbird's pages write `a, b`) and empty ones dropped; a list
    /// with no item left is as good as none given.
    func list(_ name: String) -> [String]? {
        guard let given = values[name] else { return nil }
        let items = given.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        return items.isEmpty ? nil : items
    }

    /// A list under its plural name, or a single value under its singular one (`custom_types`
    /// or `custom_type`), as Sendbird's routes accept both.
    func list(_ name: String, orSingle singular: String) -> [String]? {
        list(name) ?? string(singular).map { [$0] }
    }

    func bool(_ name: String) throws(APIError) -> Bool? {
        guard let raw = string(name) else { return nil }
        switch raw.lowercased() {
        case "true": return true
        case "false": return false
        default: throw .unexpectedType(name, expected: .boolean)
        }
    }

    func int(_ name: String) throws(APIError) -> Int? {
        guard let raw = string(name) else { return nil }
        guard let number = Int(raw) else { throw .unexpectedType(name, expected: .number) }
        return number
    }

    func int64(_ name: String) throws(APIError) -> Int64? {
        guard let raw = string(name) else { return nil }
        guard let number = Int64(raw) else { throw .unexpectedType(name, expected: .number) }
        return number
    }

    /// One of a fixed set of values, such as `active_mode=activated`.
    func option<Option: RawRepresentable>(_ name: String, as: Option.Type) throws(APIError) -> Option?
    where Option.RawValue == String {
        guard let raw = string(name) else { return nil }
        guard let option = Option(rawValue: raw) else { throw .invalid(name) }
        return option
    }
}

extension Request {
    var query: QueryParameters { QueryParameters(uri) }
}
