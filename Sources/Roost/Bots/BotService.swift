/// Bots as Sendbird's `/v3/bots` routes manage them. A bot is a user (its nickname, profile
/// URL and metadata are its user's) with a callback URL; it joins group channels, leaves
/// them, and sends messages through the normal send path.
struct BotService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    let channels: GroupChannelService
    let messages: MessageService
    let random: RandomTokens
    private let bots = BotRepository()
    private let users = UserRepository()

    static let maxNicknameLength = 80
    static let maxProfileURLLength = 2048
    static let maxTypeLength = 128
    static let maxCallbackURLLength = 1024
    static let maxChannelsAtOnce = 100

    func create(_ request: BotRequest) async throws -> Bot {
        guard let botUserID = request.botUserID else { throw APIError.missing("bot_userid") }
        try UserRules.checkUserID(botUserID)
        let nickname = try Self.checked(request.botNickname, "bot_nickname", max: Self.maxNicknameLength)
        let profileURL = try Self.checked(request.botProfileURL, "bot_profile_url", max: Self.maxProfileURLLength, allowEmpty: true)
        let type = try Self.checked(request.botType, "bot_type", max: Self.maxTypeLength)
        let callbackURL = try Self.checkedCallbackURL(request.botCallbackURL)
        guard let isPrivacyMode = request.isPrivacyMode else { throw APIError.missing("is_privacy_mode") }
        let preference = try Self.checkedPreference(request.channelInvitationPreference ?? 0)
        let now = clock.now
        return try await database.write { db in
            guard try users.rowID(of: botUserID, in: db) == nil else { throw APIError.alreadyExists("bot_userid") }
            let rowID = try users.insert(
                NewUser(
                    userID: botUserID, nickname: nickname, profileURL: profileURL, accessToken: nil, discoveryKeys: [],
                    preferredLanguages: [], metadata: [:], createdAt: now
                ),
                in: db
            )
            try users.setAutoAcceptInvitations(preference == 0, ofRow: rowID, in: db)
            try bots.save(
                BotRecord(
                    userRowID: rowID, type: type, token: random.hex(bytes: 20), callbackURL: callbackURL, isPrivacyMode: isPrivacyMode,
                    enableMarkAsRead: request.enableMarkAsRead ?? true, showMember: request.showMember ?? false,
                    channelInvitationPreference: preference, createdAt: now / 1000
                ),
                in: db
            )
            return try bots.existing(botUserID, in: db)
        }
    }

    func bots(page request: PageRequest) async throws -> Page<Bot> {
        try await database.read { db in
            let after = try request.after.map { cursor throws(APIError) in try cursor.integer(at: 0) }
            let fetched = try bots.page(after: after, limit: request.fetchLimit, in: db)
            return Page(fetched: fetched, request: request) { PageCursor([String($0.record.userRowID)]) }
        }
    }

    func bot(_ botUserID: String) async throws -> Bot {
        try await database.read { db in try bots.existing(botUserID, in: db) }
    }

    /// Changes what the request names; the SDK sends every field, `bot_userid` included,
    /// which must then name the bot itself.
    func update(_ botUserID: String, with request: BotRequest) async throws -> Bot {
        let nickname = try request.botNickname.map { nickname throws(APIError) in
            try Self.checked(nickname, "bot_nickname", max: Self.maxNicknameLength)
        }
        let profileURL = try request.botProfileURL.map { url throws(APIError) in
            try Self.checked(url, "bot_profile_url", max: Self.maxProfileURLLength, allowEmpty: true)
        }
        let type = try request.botType.map { type throws(APIError) in try Self.checked(type, "bot_type", max: Self.maxTypeLength) }
        let callbackURL = try request.botCallbackURL.map(Self.checkedCallbackURL)
        let preference = try request.channelInvitationPreference.map(Self.checkedPreference)
        return try await database.write { db in
            let bot = try bots.existing(botUserID, in: db)
            if let renamed = request.botUserID, renamed != botUserID {
                throw APIError.invalid("bot_userid", "A bot's id cannot change.")
            }
            if nickname != nil || profileURL != nil {
                guard var user = try users.find(botUserID, in: db) else { throw APIError.notFound("Bot") }
                if let nickname { user.nickname = nickname }
                if let profileURL { user.profileURL = profileURL }
                try users.save(user, in: db)
            }
            var record = bot.record
            if let type { record.type = type }
            if let callbackURL { record.callbackURL = callbackURL }
            if let isPrivacyMode = request.isPrivacyMode { record.isPrivacyMode = isPrivacyMode }
            if let enableMarkAsRead = request.enableMarkAsRead { record.enableMarkAsRead = enableMarkAsRead }
            if let showMember = request.showMember { record.showMember = showMember }
            if let preference {
                record.channelInvitationPreference = preference
                try users.setAutoAcceptInvitations(preference == 0, ofRow: record.userRowID, in: db)
            }
            try bots.save(record, in: db)
            return try bots.existing(botUserID, in: db)
        }
    }

    /// Deletes the bot and its user; it leaves its channels first, each with its event. Its
    /// user goes as any user does: a bot that sent many messages leaves them to a job.
    func delete(_ botUserID: String) async throws {
        let now = clock.now
        try await database.write { db in
            let bot = try bots.existing(botUserID, in: db)
            _ = try LeaveAllGroupChannels(events: events).leaveAll(bot.record.userRowID, at: now, in: db)
            try UserDeletion(database: database, random: random).delete(rowID: bot.record.userRowID, at: now, in: db)
        }
    }

    /// Joins group channels, all or none; answers them as they now are.
    func join(_ botUserID: String, channelURLs: [String]) async throws -> [GroupChannel] {
        guard !channelURLs.isEmpty else { throw APIError.missing("channel_urls") }
        guard channelURLs.count <= Self.maxChannelsAtOnce else { throw APIError.tooManyItems("channel_urls", max: Self.maxChannelsAtOnce) }
        let now = clock.now
        return try await database.write { db in
            _ = try bots.existing(botUserID, in: db)
            return try channelURLs.map { url in
                try channels.invite(to: url, [botUserID], by: nil, invitationStatus: [botUserID: .joined], at: now, in: db)
            }
        }
    }

    /// Leaves the given group channels, or every one when none are given.
    func leave(_ botUserID: String, channelURLs: [String]?) async throws {
        _ = try await bot(botUserID)
        guard let channelURLs, !channelURLs.isEmpty else {
            try await channels.leaveAll(userID: botUserID, customType: nil)
            return
        }
        for url in channelURLs {
            try await channels.leave(url, LeaveRequest(userIDs: [botUserID]))
        }
    }

    /// Sends a message as the bot, through the normal send path; the bot's own read state
    /// moves to it unless `mark_as_read` (or the bot's `enable_mark_as_read`) says otherwise.
    func send(_ botUserID: String, _ request: BotMessageRequest) async throws -> Message {
        let bot = try await bot(botUserID)
        guard let channelURL = request.channelURL, !channelURL.isEmpty else { throw APIError.missing("channel_url") }
        var message = SendMessageRequest()
        message.messageType = request.messageType ?? .user
        message.userID = botUserID
        message.message = request.message
        message.customType = request.customType
        message.data = request.data
        let mentioned = request.mentioned ?? request.mentionedUserIDs
        if let mentioned, !mentioned.isEmpty {
            message.mentionType = .users
            message.mentionedUserIDs = mentioned
        }
        message.isSilent = request.isSilent
        message.createdAt = request.createdAt
        message.dedupID = request.dedupID
        message.markAsRead = request.markAsRead ?? bot.record.enableMarkAsRead
        message.sendPush = request.sendPush
        message.extendedMessagePayload = request.extendedMessagePayload
        message.url = request.url
        message.fileName = request.fileName
        message.fileSize = request.fileSize
        message.fileType = request.fileType
        return try await messages.send(to: .group, channelURL, message)
    }

    private static func checked(_ value: String?, _ parameter: String, max: Int, allowEmpty: Bool = false) throws(APIError) -> String {
        guard let value else { throw .missing(parameter) }
        guard allowEmpty || !value.isEmpty else { throw .missing(parameter) }
        guard value.count <= max else { throw .tooLong(parameter, max: max) }
        return value
    }

    /// Any text: Sendbird's own integration tests create a bot whose callback URL is
    /// "callbacn-url". Callbacks to a URL that is none fail, and are recorded, as any other.
    private static func checkedCallbackURL(_ url: String?) throws(APIError) -> String {
        try checked(url, "bot_callback_url", max: maxCallbackURLLength)
    }

    private static func checkedPreference(_ preference: Int) throws(APIError) -> Int {
        guard preference == 0 || preference == 1 else {
            throw .invalid("channel_invitation_preference", "0: join when invited; 1: accept invitations through the API.")
        }
        return preference
    }
}
