import Foundation

/// Device tokens and push preferences as Sendbird's push routes manage them, each change
/// with its `user:*` event.
struct PushService: Sendable {
    let database: AppDatabase
    let clock: WallClock
    let events: EventLog
    private let push = PushRepository()
    private let users = UserRepository()
    private let channels = ChannelRepository()

    static let maxTokenLength = 4096
    static let maxSoundLength = 256

    /// Registers a token; answers it with its user.
    func register(_ token: String, of type: DeviceTokenType, for userID: String) async throws -> (token: String, user: UserSummary) {
        guard !token.isEmpty else { throw APIError.missing(type.bodyField) }
        guard token.count <= Self.maxTokenLength else { throw APIError.tooLong(type.bodyField, max: Self.maxTokenLength) }
        let now = clock.now
        return try await database.write { db in
            let user = try users.existingSummary(of: userID, in: db)
            for previous in try push.register(token, of: type, for: user.rowID, at: now, in: db) {
                if let owner = try users.summary(ofRow: previous, in: db) { try record(.userDeviceTokenUnregister, owner, token, type, at: now, in: db) }
            }
            try record(.userDeviceTokenRegister, user, token, type, at: now, in: db)
            return (token, user)
        }
    }

    func tokens(of userID: String, type: DeviceTokenType) async throws -> (tokens: [String], user: UserSummary) {
        try await database.read { db in
            let user = try users.existingSummary(of: userID, in: db)
            return (try push.tokens(of: user.rowID, type: type, in: db), user)
        }
    }

    func remove(_ token: String, of type: DeviceTokenType, from userID: String) async throws -> UserSummary {
        let now = clock.now
        return try await database.write { db in
            let user = try users.existingSummary(of: userID, in: db)
            if try push.remove(token, of: type, from: user.rowID, in: db) > 0 {
                try record(.userDeviceTokenUnregister, user, token, type, at: now, in: db)
            }
            return user
        }
    }

    /// Removes every token of the user; answers the user and the tokens removed.
    func removeAll(from userID: String) async throws -> (user: UserSummary, tokens: [String]) {
        let now = clock.now
        return try await database.write { db in
            let user = try users.existingSummary(of: userID, in: db)
            let tokens = try push.allTokens(of: user.rowID, in: db)
            for (type, token) in tokens {
                try record(.userDeviceTokenUnregister, user, token, type, at: now, in: db)
            }
            try push.removeAll(of: user.rowID, in: db)
            return (user, tokens.map(\.token))
        }
    }

    func owners(of token: String, type: DeviceTokenType) async throws -> [String] {
        try await database.read { db in
            try push.owners(of: token, type: type, in: db).compactMap { try users.summary(ofRow: $0, in: db)?.userID }
        }
    }

    /// Removes a token from whoever holds it; answers who did.
    func removeFromOwners(_ token: String, type: DeviceTokenType) async throws -> [String] {
        let now = clock.now
        return try await database.write { db in
            let owners = try push.owners(of: token, type: type, in: db).compactMap { try users.summary(ofRow: $0, in: db) }
            try push.remove(token, of: type, in: db)
            for owner in owners { try record(.userDeviceTokenUnregister, owner, token, type, at: now, in: db) }
            return owners.map(\.userID)
        }
    }

    func preferences(of userID: String) async throws -> PushPreferences {
        try await database.read { db in try push.preferences(of: try users.existingSummary(of: userID, in: db).rowID, in: db) }
    }

    /// Changes what the request names; `reset` first puts the quiet times, time zone and sound
    /// back to their defaults (`PushPreferences.resetQuietTimes()`).
    func updatePreferences(of userID: String, with change: PushPreferencesChange, reset: Bool = false) async throws -> PushPreferences {
        try change.check()
        let now = clock.now
        return try await database.write { db in
            let user = try users.existingSummary(of: userID, in: db)
            var preferences = try push.preferences(of: user.rowID, in: db)
            if reset { preferences.resetQuietTimes() }
            change.apply(to: &preferences)
            try push.save(preferences, of: user.rowID, in: db)
            let payload = PreferencesChanged(userID: user.userID, pushPreference: PushPreferencesBody(preferences: preferences), updatedAt: now)
            try events.record(.userPushPreference, payload, at: now, concerning: [user.userID], in: db)
            return preferences
        }
    }

    func chooseTemplate(_ name: String, for userID: String) async throws -> String {
        guard name == "default" || name == "alternative" else { throw APIError.invalid("name", "Give default or alternative.") }
        try await database.write { db in
            let user = try users.existingSummary(of: userID, in: db)
            var preferences = try push.preferences(of: user.rowID, in: db)
            preferences.template = name
            try push.save(preferences, of: user.rowID, in: db)
        }
        return name
    }

    func channelPreference(of userID: String, in url: String) async throws -> ChannelPushPreference {
        try await database.read { db in
            let (user, channel) = try member(userID, of: url, in: db)
            return try push.channelPreference(of: user.rowID, in: channel.rowID, in: db)
        }
    }

    func updateChannelPreference(of userID: String, in url: String, with change: ChannelPushPreferenceChange) async throws -> ChannelPushPreference {
        let option = try change.checkedOption()
        if let sound = change.pushSound, sound.count > Self.maxSoundLength { throw APIError.tooLong("push_sound", max: Self.maxSoundLength) }
        let now = clock.now
        return try await database.write { db in
            let (user, channel) = try member(userID, of: url, in: db)
            var preference = try push.channelPreference(of: user.rowID, in: channel.rowID, in: db)
            if let option {
                preference.triggerOption = option
            } else if change.enable == true, preference.triggerOption == "off" {
                // The older `enable: true` turns a channel's notifications back on, as the user's own setting has them.
                preference.triggerOption = "default"
            }
            if let sound = change.pushSound { preference.pushSound = sound }
            try push.save(preference, of: user.rowID, in: channel.rowID, in: db)
            let payload = ChannelPreferenceChanged(
                userID: user.userID, channelURL: channel.url, pushTriggerOption: preference.triggerOption, pushSound: preference.pushSound,
                updatedAt: now
            )
            try events.record(.userPushChannelPreference, payload, at: now, channelURL: channel.url, concerning: [user.userID], in: db)
            return preference
        }
    }

    /// The user and a group channel they are a member of.
    private func member(_ userID: String, of url: String, in db: Database) throws -> (UserSummary, ChannelRecord) {
        let user = try users.existingSummary(of: userID, in: db)
        let channel = try channels.existing(.group, url: url, in: db)
        guard try MemberRepository().find(channelID: channel.rowID, userRowID: user.rowID, in: db) != nil else {
            throw APIError.notFound("Member")
        }
        return (user, channel)
    }

    private func record(
        _ category: EventCategory, _ user: UserSummary, _ token: String, _ type: DeviceTokenType, at time: Int64, in db: Database
    ) throws {
        let payload = DeviceToken(user: EventUser(user: user), tokenType: type.rawValue, deviceToken: token, createdAt: time)
        try events.record(category, payload, at: time, concerning: [user.userID], in: db)
    }
}

private struct PreferencesChanged: Encodable {
    let userID: String
    let pushPreference: PushPreferencesBody
    let updatedAt: Int64

    enum CodingKeys: String, CodingKey { case userID = "user_id", pushPreference = "push_preference", updatedAt = "updated_at" }
}

private struct ChannelPreferenceChanged: Encodable {
    let userID: String
    let channelURL: String
    let pushTriggerOption: String
    let pushSound: String
    let updatedAt: Int64

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", channelURL = "channel_url", pushTriggerOption = "push_trigger_option", pushSound = "push_sound"
        case updatedAt = "updated_at"
    }
}

private struct DeviceToken: Encodable {
    let user: EventUser
    let tokenType: String
    let deviceToken: String
    let createdAt: Int64

    enum CodingKeys: String, CodingKey { case user, tokenType = "token_type", deviceToken = "device_token", createdAt = "created_at" }
}
