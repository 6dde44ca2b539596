import Synchronization

/// Users' summaries as read at one value of the `users` generation, which every change to a
/// summary bumps in its own transaction (migration 0037). Every page of messages, members
/// and channels embeds its users, so a reader takes them from here while the generation its
/// snapshot sees is the one they were read at, and reads only the others.
///
/// The generation only grows, a restored snapshot included (`AppDatabase.replace(with:)`), so
/// one value names one state of every user: summaries read at it are exact for any snapshot
/// that sees it. A reader whose snapshot is older than the kept summaries neither uses nor
/// keeps any.
final class UserSummaryCache: Sendable {
    /// Enough for the users of many pages; past it the cache starts again, so its memory stays
    /// bounded (a summary is about 200 bytes).
    static let capacity = 20_000

    private struct State {
        var generation: Int64 = -1
        var summaries: [Int64: UserSummary] = [:]
    }

    private let state = Mutex(State())

    /// The kept summaries of `rowIDs` that are exact at `generation`.
    func summaries(of rowIDs: Set<Int64>, at generation: Int64) -> [Int64: UserSummary] {
        state.withLock { state in
            guard state.generation == generation else { return [:] }
            var found: [Int64: UserSummary] = [:]
            found.reserveCapacity(rowIDs.count)
            for rowID in rowIDs {
                if let summary = state.summaries[rowID] { found[rowID] = summary }
            }
            return found
        }
    }

    /// Keeps summaries read at `generation`, forgetting those of any earlier one.
    func keep(_ summaries: [Int64: UserSummary], at generation: Int64) {
        state.withLock { state in
            if generation > state.generation {
                state = State(generation: generation)
            }
            guard generation == state.generation else { return }
            if state.summaries.count + summaries.count > Self.capacity { state.summaries = [:] }
            state.summaries.merge(summaries) { _, read in read }
        }
    }
}
