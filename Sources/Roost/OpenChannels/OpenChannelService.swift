/// The rules of open channels: creation, listing, updates, deletion, freezing and participants.
struct OpenChannelService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    let random: RandomTokens
    private let users = UserRepository()
    private let channels = ChannelRepository()
    private let operators = OperatorRepository()
    private let participants = ParticipantRepository()
    private let assembler = OpenChannelAssembler()

    /// Sendbird names an open channel this when it is created without a name.
    static let defaultName = "open channel"

    func create(_ request: CreateOpenChannelRequest) async throws -> OpenChannel {
        if let url = request.channelURL { try ChannelRules.checkChannelURL(url) }
        try ChannelRules.checkFields(name: request.name, coverURL: request.coverURL, customType: request.customType)
        let operatorIDs = request.operatorUserIDs ?? []
        guard operatorIDs.count <= ChannelRules.maxOperators else {
            throw APIError.tooManyItems("operator_ids", max: ChannelRules.maxOperators)
        }
        let now = clock.now
        return try await database.write { db in
            let url = request.channelURL ?? ChannelRules.generatedURL(for: .open, random: random)
            guard try !channels.exists(url: url, in: db) else { throw APIError.alreadyExists("channel_url") }
            let operatorRows = try operatorIDs.map { try users.existingRowID(of: $0, in: db) }
            let channelID = try channels.insert(
                NewChannel(
                    type: .open, url: url, name: request.name ?? Self.defaultName, coverURL: request.coverURL ?? "",
                    customType: request.customType ?? "", data: request.data ?? "",
                    isEphemeral: request.isEphemeral ?? false, isDynamicPartitioned: request.isDynamicPartitioned ?? false,
                    createdAt: now
                ),
                in: db
            )
            try operators.add(operatorRows, to: channelID, in: db)
            let record = try channels.existing(rowID: channelID, in: db)
            let created = try assembler.channel(record, in: db)
            let payload = Created(createdAt: now, operators: created.operators.map { EventUser(user: $0.user) }, channel: EventChannel(channel: record))
            try events.record(.openChannelCreate, payload, at: now, channelURL: record.url, in: db)
            return created
        }
    }

    func channel(_ url: String) async throws -> OpenChannel {
        try await database.read { db in
            try assembler.channel(try channels.existing(.open, url: url, in: db), in: db)
        }
    }

    func list(_ query: ChannelQuery, page request: PageRequest, showMetadata: Bool) async throws -> Page<OpenChannel> {
        try await database.read { db in
            let fetched = try channels.page(query, limit: request.fetchLimit, in: db)
            return try Page(fetched: fetched, request: request) { query.cursor(of: $0.channel, orderValue: $0.orderValue) }
                .mapItems { try assembler.channels($0.map(\.channel), showMetadata: showMetadata, in: db) }
        }
    }

    func update(_ url: String, with request: UpdateOpenChannelRequest) async throws -> OpenChannel {
        try ChannelRules.checkFields(name: request.name, coverURL: request.coverURL, customType: request.customType)
        let now = clock.now
        return try await database.write { db in
            let old = try channels.existing(.open, url: url, in: db)
            var channel = old
            channel.update(name: request.name, coverURL: request.coverURL, customType: request.customType, data: request.data)
            try channels.save(channel, in: db)
            if let operatorIDs = request.operatorUserIDs {
                try MembershipChanges().registerOperators(operatorIDs, in: channel.rowID, in: db)
            }
            let changes = ChannelChange.between(old, channel)
            if !changes.isEmpty {
                try events.recordStreamEvent(.openChannelChanged, ChannelChanged(changedAt: now, changes: changes), channel, at: now, in: db)
            }
            return try assembler.channel(channel, in: db)
        }
    }

    func delete(_ url: String) async throws {
        let now = clock.now
        try await database.write { db in
            let channel = try channels.existing(.open, url: url, in: db)
            let payload = Removed(removedAt: now, channel: EventChannel(channel: channel))
            // Logged first: the participants' past memberships end with it, so their streams carry it.
            try events.record(.openChannelRemove, payload, at: now, channelURL: channel.url, in: db)
            try ChannelDeletion(database: database).delete(channel, at: now, in: db)
        }
    }

    func freeze(_ url: String, _ freeze: Bool) async throws -> OpenChannel {
        let now = clock.now
        return try await database.write { db in
            let before = try channels.existing(.open, url: url, in: db)
            let channel = try channels.setFrozen(freeze, .open, url: url, in: db)
            if before.freeze != channel.freeze {
                try events.recordStreamEvent(.openChannelFreezeUnfreeze, ChannelFrozen(freeze: channel.freeze, changedAt: now), channel, at: now, in: db)
            }
            return try assembler.channel(channel, in: db)
        }
    }

    func participants(of url: String, page request: PageRequest) async throws -> Page<Participant> {
        let now = clock.now
        return try await database.read { db in
            let channel = try channels.existing(.open, url: url, in: db)
            let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
            let fetched = try participants.page(of: channel.rowID, after: after, limit: request.fetchLimit, at: now, in: db)
            return try Page(fetched: fetched, request: request) { PageCursor([String($0.userRowID)]) }.mapItems { rows in
                let summaries = try users.summaries(ofRows: rows.map(\.userRowID), in: db)
                return rows.compactMap { row in summaries[row.userRowID].map { Participant(user: $0, isMuted: row.isMuted) } }
            }
        }
    }
}

extension OpenChannelService {
    private struct Created: Encodable {
        let createdAt: Int64
        let operators: [EventUser]
        let channel: EventChannel

        enum CodingKeys: String, CodingKey { case createdAt = "created_at", operators, channel }
    }

    private struct Removed: Encodable {
        let removedAt: Int64
        let channel: EventChannel

        enum CodingKeys: String, CodingKey { case removedAt = "removed_at", channel }
    }
}
