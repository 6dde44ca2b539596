import Metrics

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

    private let answers: AnswerShelf

    init(answers: AnswerCache, metrics: any MetricsFactory) {
        self.answers = AnswerShelf(in: answers, hits: "roost_history_cache_hits", metrics: metrics)
    }

    /// Whether pages are kept at all (a budget of 0 keeps none): when not, a read does none of
    /// the work of keeping one.
    var isOn: Bool { answers.isOn }

    /// The kept tail of `key`, when it was built at `stamp`.
    func tail(_ key: Key, at stamp: Stamp) -> Tail? {
        answers.entry(key) { (tail: Tail) in tail.stamp == stamp }
    }

    func keep(_ tail: Tail, for key: Key) {
        answers.keep(tail, size: tail.messages.byteCount, for: key)
    }
}
