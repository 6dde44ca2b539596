/// Pinning messages to their group channel: at most ten a channel, shown on the channel as
/// `pinned_message_ids` and `latest_pinned_message`. Pinning a pinned message changes
/// nothing. Open, ephemeral and supergroup channels have no pins.
struct MessagePinService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    private let pins = PinnedMessageRepository()
    private let lookup = MessageLookup()

    static let maxPinsPerChannel = 10

    func pin(_ id: Int64, in type: ChannelType, _ url: String) async throws {
        let now = clock.now
        try await database.write { db in
            let (channel, message) = try lookup.existing(id, of: type, url, in: db)
            try pin(message, in: channel, at: now, in: db)
        }
    }

    func unpin(_ id: Int64, in type: ChannelType, _ url: String) async throws {
        try await database.write { db in
            let (channel, message) = try lookup.existing(id, of: type, url, in: db)
            try Self.checkPinnable(channel)
            guard try pins.unpin(message.id, in: db) else { throw APIError.notFound("Pinned message") }
        }
    }

    /// Pins inside the caller's transaction (a send with `pin_message` does).
    func pin(_ message: MessageRecord, in channel: ChannelRecord, at time: Int64, in db: Database) throws {
        try Self.checkPinnable(channel)
        guard !message.isRemoved else { throw APIError.notFound("Message") }
        guard try pins.pin(message.id, in: channel.rowID, at: time, in: db) else { return }
        guard try pins.count(in: channel.rowID, in: db) <= Self.maxPinsPerChannel else {
            throw APIError.tooManyItems("pinned_message_ids", max: Self.maxPinsPerChannel)
        }
    }

    private static func checkPinnable(_ channel: ChannelRecord) throws(APIError) {
        guard channel.type == .group, !channel.isEphemeral, !channel.isSuper else {
            throw APIError(code: 400920, message: "Only messages of group channels that are neither ephemeral nor supergroups can be pinned.")
        }
    }
}
