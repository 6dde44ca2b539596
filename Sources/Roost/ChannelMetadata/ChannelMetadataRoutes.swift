import Hummingbird

/// `/v3/{channel_type}/{channel_url}/metadata` and `/metacounter`, for both kinds of channel.
struct ChannelMetadataRoutes: Sendable {
    let metadata: ChannelMetadataService

    func register(on group: RouterGroup<RoostContext>) {
        for type in ChannelType.allCases {
            registerMetadata(on: group, type)
            registerCounters(on: group, type)
        }
    }

    private func registerMetadata(on group: RouterGroup<RoostContext>, _ type: ChannelType) {
        let path = "\(type.rawValue)/:channel_url/metadata"
        group.post(RouterPath(path), use: createMetadata)
        group.get(RouterPath(path), use: listMetadata)
        group.put(RouterPath(path), use: updateMetadata)
        group.delete(RouterPath(path), use: deleteMetadata)
        group.get(RouterPath(path + "/:key"), use: metadataValue)
        group.put(RouterPath(path + "/:key"), use: updateMetadataValue)
        group.delete(RouterPath(path + "/:key"), use: deleteMetadataValue)
    }

    private func registerCounters(on group: RouterGroup<RoostContext>, _ type: ChannelType) {
        let path = "\(type.rawValue)/:channel_url/metacounter"
        group.post(RouterPath(path), use: createCounters)
        group.get(RouterPath(path), use: listCounters)
        group.put(RouterPath(path), use: updateCounters)
        group.delete(RouterPath(path), use: deleteCounters)
        group.get(RouterPath(path + "/:key"), use: counterValue)
        group.put(RouterPath(path + "/:key"), use: updateCounterValue)
        group.delete(RouterPath(path + "/:key"), use: deleteCounterValue)
    }

    /// Metadata items: a plain object, or `{"metadata": ..., "ts": ...}` when `include_ts` was asked for.
    private static func answer(_ stored: (items: [String: String], updatedAt: Int64), timestamped: Bool) throws -> Response {
        timestamped
            ? try jsonResponse(TimestampedMetadata(metadata: stored.items, ts: stored.updatedAt))
            : try jsonResponse(MetadataItems(stored.items))
    }

    @Sendable func createMetadata(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let body = try await request.decodeJSON(ChannelMetadataRequest.self)
        let stored = try await metadata.createMetadata(of: type, url, items: body.metadata.items)
        return CreatedMetadata(metadata: stored.items, createdAt: body.includeTimestamp == true ? stored.updatedAt : nil)
    }

    @Sendable func listMetadata(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let query = request.query
        let found = try await metadata.metadata(of: type, url, keys: query.list("keys", orSingle: "key"))
        return try Self.answer(found, timestamped: try query.bool("include_ts") == true)
    }

    @Sendable func updateMetadata(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let body = try await request.decodeJSON(ChannelMetadataRequest.self)
        let stored = try await metadata.updateMetadata(of: type, url, items: body.metadata.items, upsert: body.upsert ?? false)
        return try Self.answer(stored, timestamped: body.includeTimestamp == true)
    }

    @Sendable func deleteMetadata(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        try await metadata.deleteMetadata(of: type, url, key: request.query.string("key"))
        return EmptyObject()
    }

    @Sendable func metadataValue(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        return MetadataItems(try await metadata.metadataValue(of: type, url, key: try context.pathParameter("key")))
    }

    @Sendable func updateMetadataValue(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let key = try context.pathParameter("key")
        let body = try await request.decodeJSON(MetadataValueRequest.self)
        return MetadataItems(
            try await metadata.updateMetadata(of: type, url, items: [key: try body.value(for: key)], upsert: body.upsert ?? false).items
        )
    }

    @Sendable func deleteMetadataValue(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        try await metadata.deleteMetadata(of: type, url, key: try context.pathParameter("key"))
        return EmptyObject()
    }

    @Sendable func createCounters(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let body = try await request.decodeJSON(MetacounterRequest.self)
        return CounterItems(items: try await metadata.createCounters(of: type, url, values: body.metacounter.values))
    }

    @Sendable func listCounters(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let query = request.query
        return CounterItems(items: try await metadata.counters(of: type, url, keys: query.list("keys", orSingle: "key")))
    }

    @Sendable func updateCounters(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let body = try await request.decodeJSON(MetacounterRequest.self)
        return CounterItems(
            items: try await metadata.updateCounters(
                of: type, url, values: body.metacounter.values, mode: body.mode ?? .set, upsert: body.upsert ?? false
            )
        )
    }

    @Sendable func deleteCounters(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        try await metadata.deleteCounters(of: type, url, key: request.query.string("key"))
        return EmptyObject()
    }

    @Sendable func counterValue(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        return CounterItems(items: try await metadata.counter(of: type, url, key: try context.pathParameter("key")))
    }

    @Sendable func updateCounterValue(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        let key = try context.pathParameter("key")
        let body = try await request.decodeJSON(MetacounterValueRequest.self)
        return CounterItems(
            items: try await metadata.updateCounters(
                of: type, url, values: [key: try body.value(for: key)], mode: body.mode ?? .set, upsert: body.upsert ?? false
            )
        )
    }

    @Sendable func deleteCounterValue(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let type = try context.channelType()
        let url = try context.channelURL()
        try await metadata.deleteCounters(of: type, url, key: try context.pathParameter("key"))
        return EmptyObject()
    }
}
