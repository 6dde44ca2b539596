import Foundation
import Roost

/// A clock tests can move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Int64

    init(_ start: Int64 = 1_700_000_000_000) {
        current = start
    }

    var now: Int64 { lock.withLock { current } }

    func advance(milliseconds: Int64) {
        lock.withLock { current += milliseconds }
    }

    var wallClock: WallClock { WallClock { self.now } }
}
