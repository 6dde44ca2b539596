/// Reactions, sorted meta arrays and translations of single messages.
struct MessageExtrasService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    private let users = UserRepository()
    private let members = MemberRepository()
    private let messages = MessageRepository()
    private let reactions = ReactionRepository()
    private let lookup = MessageLookup()

    /// The longest reaction key Sendbird takes (its "add a reaction" page), as long as an emoji's key.
    static let maxReactionLength = EmojiService.maxKeyLength

    /// Sendbird's overview page: a message takes up to 20 different reaction keys.
    static let maxReactionKeys = 20

    /// What adding or removing a reaction answers. An add of a reaction the user had made
    /// already, or a removal of one they had not, changes nothing: it fails, with no time.
    struct ReactionChange: Sendable {
        let reaction: String
        let userID: String
        let messageID: Int64
        let updatedAt: Int64?
        let added: Bool
    }

    // MARK: Reactions

    func react(
        _ reaction: String, by userID: String, to messageID: Int64, of type: ChannelType, _ url: String, adding: Bool
    ) async throws -> ReactionChange {
        try Self.checkReactionChannel(type)
        guard !reaction.isEmpty else { throw APIError.missing("reaction") }
        guard reaction.count <= Self.maxReactionLength else { throw APIError.tooLong("reaction", max: Self.maxReactionLength) }
        let now = clock.now
        return try await database.write { db in
            let (channel, message) = try lookup.existing(messageID, of: type, url, in: db)
            let userRowID = try users.existingRowID(of: userID, in: db)
            guard try members.hasJoined(channelID: channel.rowID, userRowID: userRowID, in: db) else {
                throw APIError.notAMember(userID)
            }
            if adding {
                guard try ApplicationRepository().reactionsEnabled(in: db) else { throw APIError.reactionsDisabled }
                guard try EmojiRepository().allowsReaction(reaction, in: db) else {
                    throw APIError.invalid("reaction", "The application has emojis: give one of their keys.")
                }
                let keys = try reactions.keys(of: message.id, including: reaction, in: db)
                guard keys.has || keys.count < Self.maxReactionKeys else {
                    throw APIError.tooManyItems("reaction", max: Self.maxReactionKeys)
                }
            }
            let changed = adding
                ? try reactions.add(reaction, by: userRowID, to: message.id, at: now, in: db)
                : try reactions.remove(reaction, by: userRowID, from: message.id, in: db)
            guard changed else {
                return ReactionChange(reaction: reaction, userID: userID, messageID: message.id, updatedAt: nil, added: adding)
            }
            try MessageEvents(log: events).reaction(reaction, added: adding, by: userRowID, to: message, in: channel, at: now, in: db)
            return ReactionChange(reaction: reaction, userID: userID, messageID: message.id, updatedAt: now, added: adding)
        }
    }

    /// Each reaction key with the ids of the users who reacted, in the order keys were first used.
    func reactions(of messageID: Int64, of type: ChannelType, _ url: String) async throws -> [(key: String, userIDs: [String])] {
        try Self.checkReactionChannel(type)
        return try await database.read { db in
            let (_, message) = try lookup.existing(messageID, of: type, url, in: db)
            let found = try reactions.reactions(ofMessages: [message.id], in: db)[message.id] ?? []
            let summaries = try users.summaries(ofRows: found.flatMap(\.userRowIDs), in: db)
            return found.map { ($0.key, $0.userRowIDs.compactMap { summaries[$0]?.userID }) }
        }
    }

    private static func checkReactionChannel(_ type: ChannelType) throws(APIError) {
        guard type == .group else { throw .invalid("channel_type", "Reactions are available in group channels only.") }
    }

    // MARK: Sorted meta arrays

    enum MetaArrayMode: String, Decodable {
        case add, remove
    }

    /// Adds new keys to a message's sorted meta array; a key it already has is a conflict.
    func addMetaArray(_ items: [MetaArrayItem], to messageID: Int64, of type: ChannelType, _ url: String) async throws -> [MetaArrayItem] {
        try await changeMetaArray(of: messageID, type, url) { array throws(APIError) in
            for item in items {
                guard !array.contains(where: { $0.key == item.key }) else { throw .alreadyExists(item.key) }
                array.append(item)
            }
        }
    }

    /// Adds values to keys, or removes values from them; with `upsert`, missing keys are created.
    func updateMetaArray(
        _ items: [MetaArrayItem], mode: MetaArrayMode, upsert: Bool, of messageID: Int64, _ type: ChannelType, _ url: String
    ) async throws -> [MetaArrayItem] {
        try await changeMetaArray(of: messageID, type, url) { array throws(APIError) in
            for item in items {
                guard let index = array.firstIndex(where: { $0.key == item.key }) else {
                    guard upsert else { throw .notFound(item.key) }
                    if mode == .add { array.append(item) }
                    continue
                }
                switch mode {
                case .add: array[index].value += item.value.filter { !array[index].value.contains($0) }
                case .remove: array[index].value.removeAll { item.value.contains($0) }
                }
            }
        }
    }

    func removeMetaArrayKeys(_ keys: [String], of messageID: Int64, _ type: ChannelType, _ url: String) async throws {
        _ = try await changeMetaArray(of: messageID, type, url) { array throws(APIError) in
            array.removeAll { keys.contains($0.key) }
        }
    }

    private func changeMetaArray(
        of messageID: Int64, _ type: ChannelType, _ url: String, _ change: @escaping @Sendable (inout [MetaArrayItem]) throws(APIError) -> Void
    ) async throws -> [MetaArrayItem] {
        let now = clock.now
        return try await database.write { db in
            var (_, message) = try lookup.existing(messageID, of: type, url, in: db)
            try change(&message.sortedMetaarray)
            message.updatedAt = now
            try messages.save(message, in: db)
            return message.sortedMetaarray
        }
    }

    // MARK: Translation

    /// Roost ships no translation engine: once the message is found, it says so rather than
    /// pretending to translate.
    func translate(_ messageID: Int64, of type: ChannelType, _ url: String, into languages: [String]) async throws -> Message {
        guard !languages.isEmpty else { throw APIError.missing("target_langs") }
        _ = try await database.read { db in try lookup.existing(messageID, of: type, url, in: db) }
        throw APIError.noTranslationEngine
    }
}

extension APIError {
    /// Sendbird documents no code of its own for this; 400108 is its refused-request code.
    static let reactionsDisabled = APIError(code: 400108, message: "Reactions are turned off for this application.")
}
