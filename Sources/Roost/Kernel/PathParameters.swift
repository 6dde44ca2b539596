import Foundation
import Hummingbird

extension RoostContext {
    /// A path segment such as `{user_id}`, percent-decoded. Sendbird ids may hold spaces,
    /// slashes, percent signs and any unicode, so clients percent-encode them in paths.
    func pathParameter(_ name: String) throws(APIError) -> String {
        guard let raw = parameters.get(name) else { throw .missing(name) }
        // Most segments hold no escape; Foundation's decoding goes through CFString (2.5% of a mark as read).
        guard raw.utf8.contains(UInt8(ascii: "%")) else { return String(raw) }
        guard let decoded = raw.removingPercentEncoding else { throw .invalid(name) }
        guard !decoded.utf8.contains(0) else { throw .nulCharacter }
        return decoded
    }

    /// A numeric path segment such as `{message_id}`.
    func int64PathParameter(_ name: String) throws(APIError) -> Int64 {
        guard let id = Int64(try pathParameter(name)) else { throw .unexpectedType(name, expected: .number) }
        return id
    }
}
