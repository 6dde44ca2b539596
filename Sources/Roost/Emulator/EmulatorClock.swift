import Synchronization

/// The clock tests control (`/roost/clock`): the underlying clock moved by an offset, or
/// frozen at a time. What it answers never goes back, so message ids and `created_at` stay in
/// order; a move backwards is refused. Its setting is kept in the database, so that every node
/// and every restart reads one clock (`EmulatorClockService`).
final class EmulatorClock: Sendable {
    /// How the clock differs from the underlying one.
    struct Setting: Equatable, Sendable {
        var offset: Int64 = 0
        var frozenAt: Int64?
    }

    private let base: WallClock
    /// The setting, and the latest time answered: none is ever earlier.
    private let current = Mutex<(setting: Setting, last: Int64)>((Setting(), 0))

    /// 9999-12-31T23:59:59.999Z: later times do not fit Sendbird's fields.
    static let latest: Int64 = 253_402_300_799_999

    init(base: WallClock) {
        self.base = base
    }

    /// The clock every part of Roost reads.
    var wallClock: WallClock { WallClock { self.now } }

    var now: Int64 {
        current.withLock { current in
            current.last = max(current.last, current.setting.frozenAt ?? base.now + current.setting.offset)
            return current.last
        }
    }

    var setting: Setting { current.withLock { $0.setting } }

    struct State: Sendable, Encodable {
        let now: Int64
        let frozen: Bool
        let offset: Int64

        enum CodingKeys: String, CodingKey { case now, frozen, offset = "offset_ms" }
    }

    var state: State {
        let now = self.now
        let setting = self.setting
        return State(now: now, frozen: setting.frozenAt != nil, offset: setting.offset)
    }

    /// Takes `setting` (one this node stored, or another node or an earlier run did); the time
    /// answered still never goes back.
    func apply(_ setting: Setting) {
        current.withLock { $0.setting = setting }
    }

    /// The setting that sets the time, moves it on, or freezes or thaws it, to be stored and then
    /// applied; throws when it would move the time back.
    func setting(changedTo time: Int64?, advancingBy step: Int64?, frozen: Bool?) throws(APIError) -> Setting {
        let now = self.now
        var target = now
        if let time {
            guard time <= Self.latest else { throw .invalid("now", "Give a time before the year 10000.") }
            target = time
        }
        if let step {
            guard step >= 0 else { throw .negativeNotAllowed("advance_ms") }
            guard step <= Self.latest - target else { throw .invalid("advance_ms", "That goes past the year 10000.") }
            target += step
        }
        guard target >= now else { throw .invalid("now", "Roost's clock does not go back: give \(now) or later.") }
        var setting = self.setting
        if setting.frozenAt != nil {
            setting.frozenAt = target
        } else {
            setting.offset += target - now
        }
        if let frozen {
            if frozen, setting.frozenAt == nil { setting.frozenAt = target }
            if !frozen, let stopped = setting.frozenAt {
                setting.offset = stopped - base.now
                setting.frozenAt = nil
            }
        }
        return setting
    }
}
