import Synchronization

/// The clock tests control (`/roost/clock`): the underlying clock moved by an offset, or
/// frozen at a time. What it answers never goes back, so message ids and `created_at` stay in
/// order; a move backwards is refused.
final class EmulatorClock: Sendable {
    private struct Setting {
        var offset: Int64 = 0
        var frozenAt: Int64?
        /// The latest time answered: none is ever earlier.
        var last: Int64 = 0
    }

    private let base: WallClock
    private let setting = Mutex(Setting())

    /// 9999-12-31T23:59:59.999Z: later times do not fit Sendbird's fields.
    static let latest: Int64 = 253_402_300_799_999

    init(base: WallClock) {
        self.base = base
    }

    /// The clock every part of Roost reads.
    var wallClock: WallClock { WallClock { self.now } }

    var now: Int64 {
        setting.withLock { setting in
            setting.last = max(setting.last, setting.frozenAt ?? base.now + setting.offset)
            return setting.last
        }
    }

    struct State: Sendable {
        let now: Int64
        let frozen: Bool
        let offset: Int64
    }

    var state: State {
        let now = self.now
        return setting.withLock { State(now: now, frozen: $0.frozenAt != nil, offset: $0.offset) }
    }

    /// Sets the time, moves it on, or freezes or thaws it; throws when that would move it back.
    func change(to time: Int64?, advancingBy step: Int64?, frozen: Bool?) throws(APIError) -> State {
        let current = now
        var target = current
        if let time {
            guard time <= Self.latest else { throw .invalid("now", "Give a time before the year 10000.") }
            target = time
        }
        if let step {
            guard step >= 0 else { throw .negativeNotAllowed("advance_ms") }
            guard step <= Self.latest - target else { throw .invalid("advance_ms", "That goes past the year 10000.") }
            target += step
        }
        guard target >= current else { throw .invalid("now", "Roost's clock does not go back: give \(current) or later.") }
        setting.withLock { setting in
            if setting.frozenAt != nil {
                setting.frozenAt = target
            } else {
                setting.offset += target - current
            }
            if let frozen {
                if frozen, setting.frozenAt == nil { setting.frozenAt = target }
                if !frozen, let stopped = setting.frozenAt {
                    setting.offset = stopped - base.now
                    setting.frozenAt = nil
                }
            }
        }
        return state
    }
}
