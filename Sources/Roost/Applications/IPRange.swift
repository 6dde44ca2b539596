import Foundation
import NIOCore

/// An IP address or a CIDR range of them, as the IP whitelist holds it: `192.0.2.2` is kept
/// as `192.0.2.2/32`, and a range is kept from its first address (`10.1.2.3/8` as `10.0.0.0/8`).
struct IPRange: Sendable, Hashable {
    /// The address's bytes: 4 for IPv4, 16 for IPv6.
    let bytes: [UInt8]
    let prefixLength: Int

    init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let address = Self.parse(String(parts[0])) else { return nil }
        let bits = address.count * 8
        var length = bits
        if parts.count == 2 {
            guard let given = Int(parts[1]), (0...bits).contains(given), parts[1].allSatisfy(\.isASCII) else { return nil }
            length = given
        }
        self.bytes = Self.masked(address, to: length)
        self.prefixLength = length
    }

    /// The range's text as the whitelist answers it.
    var description: String {
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(text)/\(prefixLength)"
    }

    func contains(_ address: SocketAddress) -> Bool {
        guard var given = Self.bytes(of: address) else { return false }
        // An IPv4 client reached over an IPv6 socket arrives as ::ffff:a.b.c.d.
        if bytes.count == 4, given.count == 16, given[0..<10].allSatisfy({ $0 == 0 }), given[10] == 0xFF, given[11] == 0xFF {
            given = Array(given[12...])
        }
        return given.count == bytes.count && Self.masked(given, to: prefixLength) == bytes
    }

    private static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    private static func bytes(of address: SocketAddress) -> [UInt8]? {
        switch address {
        case .v4(let v4):
            var raw = v4.address.sin_addr
            return withUnsafeBytes(of: &raw) { Array($0) }
        case .v6(let v6):
            var raw = v6.address.sin6_addr
            return withUnsafeBytes(of: &raw) { Array($0) }
        case .unixDomainSocket:
            return nil
        }
    }

    private static func masked(_ address: [UInt8], to length: Int) -> [UInt8] {
        address.enumerated().map { index, byte in
            let kept = min(max(length - index * 8, 0), 8)
            return kept == 8 ? byte : byte & ~(UInt8(0xFF) >> kept)
        }
    }
}
