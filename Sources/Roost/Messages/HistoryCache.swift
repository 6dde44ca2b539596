import Metrics
import Synchronization

/// The newest page of each channel's history as it was answered, kept between reads: most
/// history reads are of a channel's latest messages, and answering them again from the rows
/// cost reading 50 scattered rows, assembling them and writing their JSON.
///
/// A page is answered only while it is exact: its channel's message revision and the users
/// generation, which every change a page shows moves in the change's own transaction
/// (migrations 0037 and 0038), are the ones the reader's snapshot sees. A revision value is
/// never given twice and a restored snapshot moves the users generation past every value seen
/// before, so one stamp names one state of the page.
final class HistoryCache: Sendable {
    struct Key: Hashable, Sendable {
        let channelID: Int64
        /// The options and filter the page was built with (`HistoryRequest.tailVariant`).
        let variant: Int
    }

    struct Stamp: Equatable, Sendable {
        let revision: Int64
        let usersGeneration: Int64
    }

    /// A channel's newest messages, oldest first, as JSON.
    struct Tail: Sendable {
        let stamp: Stamp
        /// The time of the channel's newest message of any kind; a page asked for from a later
        /// time has nothing at or after it.
        let newestCreatedAt: Int64
        /// The messages of the page, oldest first.
        let messages: WrittenJSONArray
        /// Whether these are all the messages the page's filter lets through.
        let complete: Bool

        /// The newest `limit` messages, when this tail holds them.
        func newest(_ limit: Int) -> ArraySlice<ArraySlice<UInt8>>? {
            guard complete || limit <= messages.items.count else { return nil }
            return messages.items.suffix(limit)
        }
    }

    private struct State {
        var tails: [Key: Tail] = [:]
        var bytes = 0
    }

    /// Bytes of pages kept (`Settings.historyCacheSize`); past it, pages are dropped to make
    /// room, so the memory stays bounded and only the hit rate suffers.
    private let capacity: Int
    private let state = Mutex(State())
    /// Pages answered from here (`roost_history_cache_hits`).
    private let hits: Counter

    init(capacity: Int, metrics: any MetricsFactory) {
        self.capacity = capacity
        hits = Counter(label: "roost_history_cache_hits", factory: metrics)
    }

    /// The kept tail of `key`, when it was built at `stamp`; a stale one is dropped.
    func tail(_ key: Key, at stamp: Stamp) -> Tail? {
        let found = state.withLock { state -> Tail? in
            guard let tail = state.tails[key] else { return nil }
            guard tail.stamp == stamp else {
                state.bytes -= tail.messages.byteCount
                state.tails[key] = nil
                return nil
            }
            return tail
        }
        if found != nil { hits.increment() }
        return found
    }

    func keep(_ tail: Tail, for key: Key) {
        let size = tail.messages.byteCount
        guard size <= capacity else { return }
        state.withLock { state in
            if let old = state.tails.updateValue(tail, forKey: key) { state.bytes -= old.messages.byteCount }
            state.bytes += size
            // Whichever tails come first make room: which ones go changes no answer.
            while state.bytes > capacity, let other = state.tails.first(where: { $0.key != key }) {
                state.bytes -= other.value.messages.byteCount
                state.tails[other.key] = nil
            }
        }
    }
}
