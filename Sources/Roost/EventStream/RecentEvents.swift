/// The newest committed events, kept in memory so that live streams at the head of the log
/// share one database read per commit instead of making one each: with a thousand streams
/// open, a commit costs one read, not a thousand. A reader whose position is older than what
/// is kept, or whose filter needs the database (a user's own stream), reads the log itself.
actor RecentEvents {
    private let database: AppDatabase
    private let notifier: EventNotifier
    private let capacity: Int
    private let repository = EventRepository()
    /// Oldest first; every event after `floor` up to the newest read is here.
    private var kept: [StoredEvent] = []
    private var floor: Int64?
    /// The notifier generation the kept events are complete for.
    private var generation = -1
    /// The database's replacement count when the kept events were read: a snapshot restored
    /// since makes them history that did not happen.
    private var replacements = 0
    private var refreshing: Task<Void, any Error>?

    init(database: AppDatabase, notifier: EventNotifier, capacity: Int = 10_000) {
        self.database = database
        self.notifier = notifier
        self.capacity = capacity
    }

    /// Up to `limit` events after `seq` that pass the filter's category and channel, as of
    /// `generation` at least; nil when the events after `seq` are no longer all kept.
    func events(after seq: Int64, matching filter: EventFilter, limit: Int, asOf generation: Int) async throws -> [StoredEvent]? {
        try await refresh(to: generation)
        guard let floor, seq >= floor else { return nil }
        var found: [StoredEvent] = []
        var index = kept.partitioningIndex { $0.seq > seq }
        while index < kept.count, found.count < limit {
            let event = kept[index]
            if filter.categories?.contains(event.category) ?? true, filter.channelURL.map({ $0 == event.channelURL }) ?? true {
                found.append(event)
            }
            index += 1
        }
        return found
    }

    private func refresh(to wanted: Int) async throws {
        while generation < wanted {
            if let refreshing {
                try await refreshing.value
                continue
            }
            // Whatever committed before this generation is in the read that follows.
            let target = notifier.current
            let task = Task { try await self.readNew(upTo: target) }
            refreshing = task
            try await task.value
        }
    }

    private func readNew(upTo target: Int) async throws {
        // Cleared before the task completes, so that no reader resumed by its completion
        // finds it still set and waits on it again (an awaited finished task may not yield).
        defer { refreshing = nil }
        let replaced = database.replacementCount
        if replaced != replacements {
            kept = []
            floor = nil
            replacements = replaced
        }
        let after = kept.last?.seq ?? floor
        let (repository, capacity) = (self.repository, self.capacity)
        let (fresh, last) = try await database.read { db in
            let last = try repository.lastSeq(in: db)
            guard let after else { return ([StoredEvent](), last) }
            return (try repository.events(after: after, matching: EventFilter(), limit: capacity, in: db), last)
        }
        if floor == nil || fresh.count == capacity {
            // The first read, or more arrived than are kept: start afresh from the head.
            kept = []
            floor = last
        } else {
            kept.append(contentsOf: fresh)
            if kept.count > capacity {
                let dropped = kept.count - capacity
                floor = kept[dropped - 1].seq
                kept.removeFirst(dropped)
            }
        }
        generation = max(generation, target)
    }
}

extension Array {
    /// The first index whose element passes `belongsAfter`, for an array already split so that
    /// every element that fails comes before every one that passes.
    func partitioningIndex(where belongsAfter: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
