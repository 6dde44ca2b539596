/// The application row: the generated master API token and application-wide defaults.
struct ApplicationRepository: Sendable {
    func apiToken(in db: Database) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT api_token FROM application WHERE id = 1"))
    }

    func create(apiToken: String, in db: Database) throws {
        try db.executeCached(sql: "INSERT INTO application (id, api_token) VALUES (1, ?)", arguments: [apiToken])
    }

    func defaultAutoAccept(in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT auto_accept_invitations FROM application WHERE id = 1")) ?? true
    }

    func autoEventMessages(in db: Database) throws -> AutoEventMessageSettings {
        let stored = try String.fetchOne(db.cachedStatement(sql: "SELECT auto_event_message FROM application WHERE id = 1")) ?? "[]"
        return AutoEventMessageSettings(enabled: Set(JSONColumn.decode(stored)))
    }

    func setAutoEventMessages(_ settings: AutoEventMessageSettings, in db: Database) throws {
        try db.executeCached(
            sql: "UPDATE application SET auto_event_message = ? WHERE id = 1", arguments: [JSONColumn.encode(settings.enabled.sorted())]
        )
    }

    func reactionsEnabled(in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT reactions_enabled FROM application WHERE id = 1")) ?? true
    }

    func setReactionsEnabled(_ enabled: Bool, in db: Database) throws {
        try db.executeCached(sql: "UPDATE application SET reactions_enabled = ? WHERE id = 1", arguments: [enabled])
    }

    /// A new default is for users created from now on (Sendbird's page): each user takes the
    /// default as it is when created (`UserRepository.insert`), so no user row changes here.
    func setDefaultAutoAccept(_ autoAccept: Bool, in db: Database) throws {
        try db.executeCached(sql: "UPDATE application SET auto_accept_invitations = ? WHERE id = 1", arguments: [autoAccept])
    }
}
