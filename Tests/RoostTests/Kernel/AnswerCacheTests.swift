import Testing

@testable import Roost

/// Answers kept in memory stay within their budget by dropping those used longest ago, and a
/// kept answer that is no longer exact is never given.
@Suite struct AnswerCacheTests {
    @Test func pastTheBudgetTheAnswersUsedLongestAgoGo() {
        let cache = AnswerCache(capacity: 100)
        for key in 0..<5 { cache.keep("answer \(key)", size: 20, for: key) }
        // Found again, 0 is now the most recently used.
        #expect(cache.entry(0) { (_: String) in true } == "answer 0")
        cache.keep("answer 5", size: 20, for: 5)
        // Over 100 bytes: the oldest go until 90 bytes or fewer are kept.
        let kept = (0..<6).filter { key in cache.entry(key) { (_: String) in true } != nil }
        #expect(kept == [0, 3, 4, 5])
    }

    @Test func anAnswerThatIsNoLongerExactIsDropped() {
        let cache = AnswerCache(capacity: 100)
        cache.keep(1, size: 10, for: "page")
        #expect(cache.entry("page") { (stamp: Int) in stamp == 2 } == nil)
        #expect(cache.entry("page") { (_: Int) in true } == nil, "dropped, not kept for a later stamp")
        cache.keep("too large", size: 101, for: "view")
        #expect(cache.entry("view") { (_: String) in true } == nil)
    }
}

extension AnswerCache {
    /// One key's entry, as `AnswerShelf.entry` asks for it without counting a hit.
    fileprivate func entry<Entry: Sendable>(_ key: some Hashable & Sendable, isExact: (Entry) -> Bool) -> Entry? {
        entries([key]) { _, entry in isExact(entry) }[0]
    }
}
