import Synchronization

/// Answers kept in memory between reads (channels' newest history pages, channel views, users'
/// own lists), all within one budget of bytes, each kept with what it was built from. Its user
/// says when a kept answer is still exact; one that is not is dropped.
///
/// Past the budget, the answers used longest ago go, down to nine tenths of it, so that the
/// sorting this takes comes once per tenth of the budget, not once per answer kept.
final class AnswerCache: Sendable {
    /// A class, so that marking it used is one lookup and copies nothing. It never leaves
    /// `state`'s lock.
    private final class Kept {
        let entry: any Sendable
        let size: Int
        /// When it was last kept or found, in `State.clock` ticks.
        var used: UInt64

        init(entry: any Sendable, size: Int, used: UInt64) {
            self.entry = entry
            self.size = size
            self.used = used
        }
    }

    private struct State {
        var entries: [AnyHashable: Kept] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let capacity: Int
    private let state = Mutex(State())

    /// `capacity`: bytes of answers kept at most (`Settings.answerCacheSize`).
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Whether anything is kept: a budget of 0 keeps nothing.
    var isOn: Bool { capacity > 0 }

    /// The entries kept for `keys`, each where `isExact` (given the key's index and the entry)
    /// says it still is; one that is not is dropped. They are found under one lock, and checked
    /// outside it: readers of a list ask for ten at a time, and holding the lock for each
    /// comparison made them wait on each other.
    func entries<Entry: Sendable>(_ keys: [some Hashable & Sendable], isExact: (Int, Entry) -> Bool) -> [Entry?] {
        let found = state.withLock { state in
            keys.map { key -> Entry? in
                let key = AnyHashable(key)
                guard let kept = state.entries[key] else { return nil }
                state.clock += 1
                kept.used = state.clock
                return kept.entry as? Entry
            }
        }
        let exact = found.enumerated().map { index, entry in entry.flatMap { isExact(index, $0) ? $0 : nil } }
        let stale = zip(keys, zip(found, exact)).filter { $1.0 != nil && $1.1 == nil }.map(\.0)
        if !stale.isEmpty {
            // Another reader may have kept a newer entry since: it goes too, and is built again.
            state.withLock { state in
                for key in stale {
                    if let kept = state.entries.removeValue(forKey: AnyHashable(key)) { state.bytes -= kept.size }
                }
            }
        }
        return exact
    }

    /// Keeps `entry`, which holds about `size` bytes, for `key`.
    func keep(_ entry: some Sendable, size: Int, for key: some Hashable & Sendable) {
        guard size <= capacity else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue(Kept(entry: entry, size: size, used: state.clock), forKey: AnyHashable(key)) {
                state.bytes -= old.size
            }
            state.bytes += size
            guard state.bytes > capacity else { return }
            for (key, kept) in state.entries.sorted(by: { $0.value.used < $1.value.used }) {
                guard state.bytes > capacity / 10 * 9 else { break }
                state.bytes -= kept.size
                state.entries[key] = nil
            }
        }
    }
}
