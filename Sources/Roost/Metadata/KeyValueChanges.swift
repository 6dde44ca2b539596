/// Sendbird's semantics for the key/value items of users and channels (metadata and meta
/// counters): creating refuses keys that exist, updating refuses keys that do not (unless
/// it upserts), deleting one key refuses an unknown one, and an owner holds at most
/// `MetadataRules.maxItems`. Each runs inside the caller's transaction.
struct KeyValueChanges<Value: DatabaseValueConvertible & Sendable>: Sendable {
    let repository: KeyValueRepository<Value>
    /// Checks the items given and how many the owner will hold.
    let check: @Sendable (_ items: [String: Value], _ countAfter: Int) throws(APIError) -> Void

    /// The items asked for, all when `keys` is nil.
    func items(of ownerID: Int64, keys: [String]?, in db: Database) throws -> [String: Value] {
        let all = try repository.items(of: ownerID, in: db)
        guard let keys else { return all }
        return all.filter { keys.contains($0.key) }
    }

    /// One item, as a one-item object; an unknown key is "not found".
    func item(_ key: String, of ownerID: Int64, in db: Database) throws -> [String: Value] {
        guard let value = try repository.items(of: ownerID, in: db)[key] else { throw APIError.notFound(key) }
        return [key: value]
    }

    func create(_ items: [String: Value], of ownerID: Int64, at now: Int64, in db: Database) throws {
        let current = try repository.items(of: ownerID, in: db)
        if let taken = items.keys.sorted().first(where: { current[$0] != nil }) { throw APIError.alreadyExists(taken) }
        try check(items, current.count + items.count)
        try repository.set(items, of: ownerID, at: now, in: db)
    }

    /// Changes items; `combine` computes each stored value from the current one (nil for a
    /// new key) and the one given. Answers the values stored, and which keys were new.
    func update(
        _ items: [String: Value], of ownerID: Int64, upsert: Bool, at now: Int64, in db: Database,
        combine: (_ current: Value?, _ given: Value) throws -> Value = { $1 }
    ) throws -> (stored: [String: Value], added: Set<String>) {
        let current = try repository.items(of: ownerID, in: db)
        let added = items.keys.filter { current[$0] == nil }
        if !upsert, let missing = added.sorted().first { throw APIError.notFound(missing) }
        try check(items, current.count + added.count)
        var stored: [String: Value] = [:]
        for (key, value) in items { stored[key] = try combine(current[key], value) }
        try repository.set(stored, of: ownerID, at: now, in: db)
        return (stored, Set(added))
    }

    /// Deletes one item, which must exist, or all of them; answers the keys deleted.
    @discardableResult
    func delete(_ key: String?, of ownerID: Int64, in db: Database) throws -> [String] {
        let current = try repository.items(of: ownerID, in: db)
        guard let key else {
            try repository.deleteAll(of: ownerID, in: db)
            return current.keys.sorted()
        }
        guard current[key] != nil else { throw APIError.notFound(key) }
        try repository.delete(key, of: ownerID, in: db)
        return [key]
    }
}
