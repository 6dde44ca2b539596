import Foundation

/// The application's push configurations, content templates and on/off switch. Every
/// method runs inside the caller's transaction.
struct PushConfigurationRepository: Sendable {
    func configurations(of provider: PushProvider, in db: Database) throws -> [PushConfiguration] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT settings FROM push_configurations WHERE push_type = ? ORDER BY created_at, id"),
            arguments: [provider.rawValue]
        ).compactMap(Self.decode)
    }

    func find(_ id: String, of provider: PushProvider, in db: Database) throws -> PushConfiguration? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT settings FROM push_configurations WHERE id = ? AND push_type = ?"),
            arguments: [id, provider.rawValue]
        ).flatMap(Self.decode)
    }

    func save(_ configuration: PushConfiguration, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO push_configurations (id, push_type, created_at, settings) VALUES (?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET push_type = excluded.push_type, created_at = excluded.created_at,
                    settings = excluded.settings
                """,
            arguments: [configuration.id, configuration.provider.rawValue, configuration.createdAt, JSONColumn.encode(configuration)]
        )
    }

    func remove(_ id: String, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM push_configurations WHERE id = ?", arguments: [id])
    }

    /// The providers a push can go through: the switch is on and each has a configuration
    /// (an APNs one with its certificate).
    func usableProviders(in db: Database) throws -> Set<PushProvider> {
        guard try pushEnabled(in: db) else { return [] }
        let types = try String.fetchAll(
            db.cachedStatement(sql: """
                SELECT DISTINCT push_type FROM push_configurations
                WHERE push_type != 'apns' OR \(db.dialect.jsonText("settings", at: ["apnsCertificate"])) IS NOT NULL
                """)
        )
        return Set(types.compactMap(PushProvider.init(rawValue:)))
    }

    func template(_ name: String, in db: Database) throws -> PushMessageTemplate {
        let stored = try String.fetchOne(db.cachedStatement(sql: "SELECT template FROM push_message_templates WHERE name = ?"), arguments: [name])
        return JSONColumn.decode(PushMessageTemplate.self, from: stored) ?? .factory(name)
    }

    func save(_ template: PushMessageTemplate, as name: String, in db: Database) throws {
        try db.executeCached(
            sql: "INSERT INTO push_message_templates (name, template) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET template = excluded.template",
            arguments: [name, JSONColumn.encode(template)]
        )
    }

    func pushEnabled(in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT push_enabled FROM application WHERE id = 1")) ?? true
    }

    func setPushEnabled(_ enabled: Bool, in db: Database) throws {
        try db.executeCached(sql: "UPDATE application SET push_enabled = ? WHERE id = 1", arguments: [enabled])
    }

    private static func decode(_ json: String) -> PushConfiguration? {
        try? JSON.decoder.decode(PushConfiguration.self, from: Data(json.utf8))
    }
}
