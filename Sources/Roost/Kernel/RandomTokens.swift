import Foundation
import Synchronization

/// Random opaque strings for API, access and session tokens and for generated names, all
/// drawn from the application's one source: the system's, or with `--seed` a seeded one, so
/// that the same calls in the same order generate the same identifiers (never use a seed in
/// production: its tokens can be guessed). Each application has its own, so a seed given to
/// one server leaves another in the same process alone.
struct RandomTokens: Sendable {
    private let source = RandomSource()

    init(seed: UInt64? = nil) {
        if let seed { source.seed(seed) }
    }

    func hex(bytes: Int) -> String {
        source.bytes(bytes).map { String(format: "%02x", $0) }.joined()
    }

    func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(source.next() % UInt64(range.count))
    }
}

/// The one random source: the system generator, or SplitMix64 from a seed.
private final class RandomSource: Sendable {
    /// The seeded generator's state; nil while the system's is used.
    private let state = Mutex<UInt64?>(nil)

    func seed(_ seed: UInt64) {
        state.withLock { $0 = seed }
    }

    func next() -> UInt64 {
        state.withLock { state in
            guard var value = state else {
                var system = SystemRandomNumberGenerator()
                return system.next()
            }
            value &+= 0x9E37_79B9_7F4A_7C15
            state = value
            var mixed = value
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    func bytes(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            var word = next()
            for _ in 0..<min(8, count - bytes.count) {
                bytes.append(UInt8(word & 0xFF))
                word >>= 8
            }
        }
        return bytes
    }
}
