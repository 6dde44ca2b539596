/// The emulator clock's setting (`emulator_clock`, one row once the clock was first changed).
struct EmulatorClockRepository: Sendable {
    func setting(in db: Database) throws -> EmulatorClock.Setting? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT offset_ms, frozen_at FROM emulator_clock WHERE id = 1")).map { row in
            EmulatorClock.Setting(offset: row["offset_ms"], frozenAt: row["frozen_at"])
        }
    }

    func save(_ setting: EmulatorClock.Setting, in db: Database) throws {
        try db.executeCached(
            sql: """
                INSERT INTO emulator_clock (id, offset_ms, frozen_at) VALUES (1, ?, ?)
                ON CONFLICT (id) DO UPDATE SET offset_ms = excluded.offset_ms, frozen_at = excluded.frozen_at
                """,
            arguments: [setting.offset, setting.frozenAt]
        )
    }
}
