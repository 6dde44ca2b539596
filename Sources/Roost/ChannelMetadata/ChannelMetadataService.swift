import GRDB

/// Metadata and meta counters of either kind of channel, with Sendbird's create-versus-
/// update semantics and its limit of five items.
struct ChannelMetadataService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    private let channels = ChannelRepository()
    private let metadata = ChannelMetadataRepository()

    init(database: AppDatabase, clock: WallClock) {
        self.database = database
        self.clock = clock
    }

    // MARK: Metadata

    /// The items asked for (all when `keys` is nil), and when the metadata last changed.
    func metadata(of type: ChannelType, _ url: String, keys: [String]?) async throws -> (items: [String: String], updatedAt: Int64) {
        try await database.read { db in
            let channelID = try channels.existing(type, url: url, in: db).rowID
            let all = try metadata.items(of: channelID, in: db)
            return (keys.map { keys in all.filter { keys.contains($0.key) } } ?? all, try metadata.updatedAt(of: channelID, in: db))
        }
    }

    func metadataValue(of type: ChannelType, _ url: String, key: String) async throws -> [String: String] {
        let all = try await metadata(of: type, url, keys: [key]).items
        guard let value = all[key] else { throw APIError.notFound(key) }
        return [key: value]
    }

    /// Adds new items; a key that already exists is a conflict. Answers the items and when they were stored.
    func createMetadata(of type: ChannelType, _ url: String, items: [String: String]) async throws -> (items: [String: String], updatedAt: Int64) {
        let now = clock.now
        return try await database.write { db in
            let channelID = try channels.existing(type, url: url, in: db).rowID
            let current = try metadata.items(of: channelID, in: db)
            if let taken = items.keys.sorted().first(where: { current[$0] != nil }) { throw APIError.alreadyExists(taken) }
            try MetadataRules.check(items, countAfter: current.count + items.count)
            try metadata.set(items, of: channelID, at: now, in: db)
            return (items, now)
        }
    }

    /// Changes existing items; with `upsert`, missing keys are added, without it they are an error.
    func updateMetadata(
        of type: ChannelType, _ url: String, items: [String: String], upsert: Bool
    ) async throws -> (items: [String: String], updatedAt: Int64) {
        let now = clock.now
        return try await database.write { db in
            let channelID = try channels.existing(type, url: url, in: db).rowID
            let current = try metadata.items(of: channelID, in: db)
            let added = items.keys.filter { current[$0] == nil }
            if !upsert, let missing = added.sorted().first { throw APIError.notFound(missing) }
            try MetadataRules.check(items, countAfter: current.count + added.count)
            try metadata.set(items, of: channelID, at: now, in: db)
            return (items, now)
        }
    }

    func deleteMetadata(of type: ChannelType, _ url: String, key: String?) async throws {
        try await database.write { db in
            let channelID = try channels.existing(type, url: url, in: db).rowID
            if let key {
                guard try metadata.items(of: channelID, in: db)[key] != nil else { throw APIError.notFound(key) }
                try metadata.delete(key, of: channelID, in: db)
            } else {
                try metadata.deleteAll(of: channelID, in: db)
            }
        }
    }

    // MARK: Meta counters

    func counters(of type: ChannelType, _ url: String, keys: [String]?) async throws -> [String: Int64] {
        let all = try await database.read { db in try metadata.counters(of: try channels.existing(type, url: url, in: db).rowID, in: db) }
        guard let keys else { return all }
        return all.filter { keys.contains($0.key) }
    }

    func counter(of type: ChannelType, _ url: String, key: String) async throws -> [String: Int64] {
        guard let value = try await counters(of: type, url, keys: [key])[key] else { throw APIError.notFound(key) }
        return [key: value]
    }

    func createCounters(of type: ChannelType, _ url: String, values: [String: Int64]) async throws -> [String: Int64] {
        try await database.write { db in
            let channelID = try channels.existing(type, url: url, in: db).rowID
            let current = try metadata.counters(of: channelID, in: db)
            if let taken = values.keys.sorted().first(where: { current[$0] != nil }) { throw APIError.alreadyExists(taken) }
            try Self.check(values, countAfter: current.count + values.count)
            try metadata.set(values, of: channelID, in: db)
            return values
        }
    }

    /// Sets, increases or decreases counters; answers their new values. Writes are serialized,
    /// so reading and writing back inside the transaction loses no concurrent increase.
    func updateCounters(
        of type: ChannelType, _ url: String, values: [String: Int64], mode: CounterMode, upsert: Bool
    ) async throws -> [String: Int64] {
        try await database.write { db in
            let channelID = try channels.existing(type, url: url, in: db).rowID
            let current = try metadata.counters(of: channelID, in: db)
            let added = values.keys.filter { current[$0] == nil }
            if !upsert, let missing = added.sorted().first { throw APIError.notFound(missing) }
            try Self.check(values, countAfter: current.count + added.count)
            var updated: [String: Int64] = [:]
            for (key, value) in values {
                updated[key] = try Self.combine(current[key] ?? 0, value, mode: mode)
            }
            try metadata.set(updated, of: channelID, in: db)
            return updated
        }
    }

    func deleteCounters(of type: ChannelType, _ url: String, key: String?) async throws {
        try await database.write { db in
            let channelID = try channels.existing(type, url: url, in: db).rowID
            if let key {
                guard try metadata.counters(of: channelID, in: db)[key] != nil else { throw APIError.notFound(key) }
                try metadata.deleteCounter(key, of: channelID, in: db)
            } else {
                try metadata.deleteAllCounters(of: channelID, in: db)
            }
        }
    }

    /// A counter's new value; one that would leave the 64-bit range is refused, not wrapped.
    private static func combine(_ current: Int64, _ value: Int64, mode: CounterMode) throws(APIError) -> Int64 {
        let result: (partialValue: Int64, overflow: Bool)
        switch mode {
        case .set: return value
        case .increase: result = current.addingReportingOverflow(value)
        case .decrease: result = current.subtractingReportingOverflow(value)
        }
        guard !result.overflow else { throw APIError(code: 400113, message: "\"metacounter\" would leave the range of a 64-bit integer.") }
        return result.partialValue
    }

    private static func check(_ values: [String: Int64], countAfter: Int) throws(APIError) {
        for key in values.keys { try MetadataRules.checkKey(key) }
        guard countAfter <= MetadataRules.maxItems else { throw .tooManyItems("metacounter", max: MetadataRules.maxItems) }
    }
}
