import Metrics

/// One kind of answer kept in the shared `AnswerCache` budget (history tails, channel views, a
/// user's lists), with its own count of the answers found exact: the metric that tests and
/// operators read to see what is answered from memory.
struct AnswerShelf: Sendable {
    private let answers: AnswerCache
    private let hits: Counter

    /// `hits`: the counter's label, documented in the README with the others.
    init(in answers: AnswerCache, hits label: String, metrics: any MetricsFactory) {
        self.answers = answers
        hits = Counter(label: label, factory: metrics)
    }

    /// Whether anything is kept: a budget of 0 keeps nothing.
    var isOn: Bool { answers.isOn }

    /// The entry kept for `key`, when `isExact` says it still is.
    func entry<Entry: Sendable>(_ key: some Hashable & Sendable, isExact: (Entry) -> Bool) -> Entry? {
        entries([key]) { _, entry in isExact(entry) }[0]
    }

    /// The entries kept for `keys`, each where `isExact` (given the key's index and the entry)
    /// says it still is.
    func entries<Entry: Sendable>(_ keys: [some Hashable & Sendable], isExact: (Int, Entry) -> Bool) -> [Entry?] {
        let found: [Entry?] = answers.entries(keys, isExact: isExact)
        let exact = found.count(where: { $0 != nil })
        if exact > 0 { hits.increment(by: exact) }
        return found
    }

    /// Keeps `entry`, which holds about `size` bytes, for `key`.
    func keep(_ entry: some Sendable, size: Int, for key: some Hashable & Sendable) {
        answers.keep(entry, size: size, for: key)
    }
}
