import Synchronization

/// Answers kept in memory between reads (channels' newest history pages, channel views), all
/// within one budget of bytes, each kept with what it was built from. Its user says when a kept
/// answer is still exact; one that is not is dropped. Past the budget, answers are dropped to
/// make room: which ones changes no answer, only how often one is found.
final class AnswerCache: Sendable {
    private struct State {
        var entries: [AnyHashable: (entry: any Sendable, size: Int)] = [:]
        var bytes = 0
    }

    private let capacity: Int
    private let state = Mutex(State())

    /// `capacity`: bytes of answers kept at most (`Settings.answerCacheSize`).
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The entry kept for `key`, when `isExact` says it still is.
    func entry<Entry: Sendable>(_ key: some Hashable & Sendable, isExact: (Entry) -> Bool) -> Entry? {
        state.withLock { state -> Entry? in
            let key = AnyHashable(key)
            guard let kept = state.entries[key] else { return nil }
            guard let entry = kept.entry as? Entry, isExact(entry) else {
                state.bytes -= kept.size
                state.entries[key] = nil
                return nil
            }
            return entry
        }
    }

    /// Keeps `entry`, which holds about `size` bytes, for `key`.
    func keep(_ entry: some Sendable, size: Int, for key: some Hashable & Sendable) {
        guard size <= capacity else { return }
        state.withLock { state in
            let key = AnyHashable(key)
            if let old = state.entries.updateValue((entry, size), forKey: key) { state.bytes -= old.size }
            state.bytes += size
            while state.bytes > capacity, let other = state.entries.first(where: { $0.key != key }) {
                state.bytes -= other.value.size
                state.entries[other.key] = nil
            }
        }
    }
}
