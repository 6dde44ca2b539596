import Foundation

/// Random opaque strings for API, access and session tokens and for generated names.
enum RandomToken {
    static func hex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }
}
