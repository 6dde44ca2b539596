/// Application-wide state: the master API token and defaults that apply to every user.
struct ApplicationService: Sendable {
    let database: AppDatabase
    let random: RandomTokens
    private let application = ApplicationRepository()

    init(database: AppDatabase, random: RandomTokens) {
        self.database = database
        self.random = random
    }

    /// The stored master token, generated and stored on the first start.
    /// `generated` is true only on the start that created it.
    func masterToken() async throws -> (token: String, generated: Bool) {
        try await database.write { db in
            if let token = try application.apiToken(in: db) {
                return (token, false)
            }
            let token = random.hex(bytes: 20)
            try application.create(apiToken: token, in: db)
            return (token, true)
        }
    }

    func autoEventMessages() async throws -> AutoEventMessageSettings {
        try await database.read { db in try application.autoEventMessages(in: db) }
    }

    /// Turns the auto event messages the change names on or off; answers them all.
    func changeAutoEventMessages(_ change: [String: [String: Bool]]) async throws -> AutoEventMessageSettings {
        try await database.write { db in
            var settings = try application.autoEventMessages(in: db)
            try settings.apply(change)
            try application.setAutoEventMessages(settings, in: db)
            return settings
        }
    }

    /// Turns reactions on or off for the whole application; answers the setting.
    func setReactionsEnabled(_ enabled: Bool) async throws -> Bool {
        try await database.write { db in try application.setReactionsEnabled(enabled, in: db) }
        return enabled
    }

    func defaultInvitationPreference() async throws -> InvitationPreference {
        try await database.read { db in
            InvitationPreference(autoAccept: try application.defaultAutoAccept(in: db))
        }
    }

    func setDefaultInvitationPreference(_ preference: InvitationPreference) async throws -> InvitationPreference {
        try await database.write { db in
            try application.setDefaultAutoAccept(preference.autoAccept, in: db)
            return preference
        }
    }
}
