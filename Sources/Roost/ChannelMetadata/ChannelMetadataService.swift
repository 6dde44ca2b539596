/// Metadata and meta counters of either kind of channel, with Sendbird's create-versus-
/// update semantics and its limit of five items. Each change is told on the live streams,
/// as a channel delegate hears it: items created, items updated, keys deleted.
struct ChannelMetadataService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    private let channels = ChannelRepository()
    private let metadata = KeyValueChanges(repository: ChannelMetadataTables.metadata, check: MetadataRules.check)
    private let counters = KeyValueChanges(repository: ChannelMetadataTables.counters, check: ChannelMetadataService.checkCounters)

    // MARK: Metadata

    /// The items asked for (all when `keys` is nil), and when the metadata last changed.
    func metadata(of type: ChannelType, _ url: String, keys: [String]?) async throws -> (items: [String: String], updatedAt: Int64) {
        try await database.read { db in
            let channelID = try channels.existing(type, url: url, in: db).rowID
            return (try metadata.items(of: channelID, keys: keys, in: db), try metadata.repository.updatedAt(of: channelID, in: db))
        }
    }

    func metadataValue(of type: ChannelType, _ url: String, key: String) async throws -> [String: String] {
        try await database.read { db in try metadata.item(key, of: try channels.existing(type, url: url, in: db).rowID, in: db) }
    }

    /// Adds new items; a key that already exists is a conflict. Answers the items and when they were stored.
    func createMetadata(of type: ChannelType, _ url: String, items: [String: String]) async throws -> (items: [String: String], updatedAt: Int64) {
        let now = clock.now
        return try await database.write { db in
            let channel = try channels.existing(type, url: url, in: db)
            try metadata.create(items, of: channel.rowID, at: now, in: db)
            try record(.metadataCreate, .metadata, items, of: channel, at: now, in: db)
            return (items, now)
        }
    }

    /// Changes existing items; with `upsert`, missing keys are added, without it they are an error.
    func updateMetadata(
        of type: ChannelType, _ url: String, items: [String: String], upsert: Bool
    ) async throws -> (items: [String: String], updatedAt: Int64) {
        let now = clock.now
        return try await database.write { db in
            let channel = try channels.existing(type, url: url, in: db)
            let (stored, added) = try metadata.update(items, of: channel.rowID, upsert: upsert, at: now, in: db)
            try recordChanges(.metadataCreate, .metadataUpdate, .metadata, stored, added: added, of: channel, at: now, in: db)
            return (stored, now)
        }
    }

    func deleteMetadata(of type: ChannelType, _ url: String, key: String?) async throws {
        let now = clock.now
        try await database.write { db in
            let channel = try channels.existing(type, url: url, in: db)
            try recordDeletion(.metadataDelete, try metadata.delete(key, of: channel.rowID, in: db), of: channel, at: now, in: db)
        }
    }

    // MARK: Meta counters

    func counters(of type: ChannelType, _ url: String, keys: [String]?) async throws -> [String: Int64] {
        try await database.read { db in try counters.items(of: try channels.existing(type, url: url, in: db).rowID, keys: keys, in: db) }
    }

    func counter(of type: ChannelType, _ url: String, key: String) async throws -> [String: Int64] {
        try await database.read { db in try counters.item(key, of: try channels.existing(type, url: url, in: db).rowID, in: db) }
    }

    func createCounters(of type: ChannelType, _ url: String, values: [String: Int64]) async throws -> [String: Int64] {
        let now = clock.now
        return try await database.write { db in
            let channel = try channels.existing(type, url: url, in: db)
            try counters.create(values, of: channel.rowID, at: now, in: db)
            try record(.metacounterCreate, .metacounter, values, of: channel, at: now, in: db)
            return values
        }
    }

    /// Sets, increases or decreases counters; answers their new values. Writes are serialized,
    /// so reading and writing back inside the transaction loses no concurrent increase.
    func updateCounters(
        of type: ChannelType, _ url: String, values: [String: Int64], mode: CounterMode, upsert: Bool
    ) async throws -> [String: Int64] {
        let now = clock.now
        return try await database.write { db in
            let channel = try channels.existing(type, url: url, in: db)
            let (stored, added) = try counters.update(values, of: channel.rowID, upsert: upsert, at: now, in: db) {
                try Self.combine($0 ?? 0, $1, mode: mode)
            }
            try recordChanges(.metacounterCreate, .metacounterUpdate, .metacounter, stored, added: added, of: channel, at: now, in: db)
            return stored
        }
    }

    func deleteCounters(of type: ChannelType, _ url: String, key: String?) async throws {
        let now = clock.now
        try await database.write { db in
            let channel = try channels.existing(type, url: url, in: db)
            try recordDeletion(.metacounterDelete, try counters.delete(key, of: channel.rowID, in: db), of: channel, at: now, in: db)
        }
    }

    // MARK: Events

    /// Items created or updated, under `metadata` or `metacounter`.
    private func record<Value: Encodable>(
        _ category: EventCategory, _ kind: ItemKind, _ items: [String: Value], of channel: ChannelRecord, at now: Int64, in db: Database
    ) throws {
        guard !items.isEmpty else { return }
        let payload = ItemsStored(
            metadata: kind == .metadata ? items : nil, metacounter: kind == .metacounter ? items : nil, updatedAt: now
        )
        try events.recordStreamEvent(category, payload, channel, at: now, in: db)
    }

    /// An update's new keys are told as created, the others as updated.
    private func recordChanges<Value: Encodable>(
        _ created: EventCategory, _ updated: EventCategory, _ kind: ItemKind, _ stored: [String: Value], added: Set<String>,
        of channel: ChannelRecord, at now: Int64, in db: Database
    ) throws {
        try record(created, kind, stored.filter { added.contains($0.key) }, of: channel, at: now, in: db)
        try record(updated, kind, stored.filter { !added.contains($0.key) }, of: channel, at: now, in: db)
    }

    private func recordDeletion(_ category: EventCategory, _ keys: [String], of channel: ChannelRecord, at now: Int64, in db: Database) throws {
        guard !keys.isEmpty else { return }
        try events.recordStreamEvent(category, ItemsDeleted(keys: keys, deletedAt: now), channel, at: now, in: db)
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

    /// Counter keys follow the metadata key rules; a channel holds at most five counters.
    private static func checkCounters(_ values: [String: Int64], countAfter: Int) throws(APIError) {
        for key in values.keys { try MetadataRules.checkKey(key) }
        guard countAfter <= MetadataRules.maxItems else { throw .tooManyItems("metacounter", max: MetadataRules.maxItems) }
    }
}

/// Which of a channel's items an event is about.
private enum ItemKind {
    case metadata, metacounter
}

/// Items created or updated, under the name of their kind.
private struct ItemsStored<Value: Encodable>: Encodable {
    let metadata: [String: Value]?
    let metacounter: [String: Value]?
    let updatedAt: Int64

    enum CodingKeys: String, CodingKey { case metadata, metacounter, updatedAt = "updated_at" }
}

private struct ItemsDeleted: Encodable {
    let keys: [String]
    let deletedAt: Int64

    enum CodingKeys: String, CodingKey { case keys, deletedAt = "deleted_at" }
}
