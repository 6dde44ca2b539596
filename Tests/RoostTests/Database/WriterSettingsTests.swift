import GRDB
import Testing

@testable import Roost

/// What `roost sqlite-settings` prints is what Roost's writer runs with: bench/run's floor of
/// a send sets SQLite up from it, and is a floor only if the two agree. (It found the writer
/// at `synchronous = NORMAL` under `--durability full`: GRDB's pool sets NORMAL as it turns
/// WAL on, after each connection's own set-up.)
@Suite struct WriterSettingsTests {
    /// The value SQLite answers `PRAGMA name` with, for the value a pragma statement sets.
    private static let answers = ["NORMAL": "1", "FULL": "2", "MEMORY": "2", "ON": "1", "WAL": "wal"]

    @Test(arguments: Durability.allCases) func theWriterRunsThePrintedPragmas(durability: Durability) async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let database = try AppDatabase(path: file.path, durability: durability)
        let settings = WriterSettings(durability: durability)
        #expect(settings.pragmas.count == 6)
        for pragma in settings.pragmas {
            let parts = pragma.dropFirst("PRAGMA ".count).split(separator: " = ").map(String.init)
            let (name, value) = (parts[0], parts[1])
            let expected = Self.answers[value] ?? value
            let onWriter = try await database.write { db in try String.fetchOne(db, sql: "PRAGMA \(name)") }
            #expect(onWriter == expected, "\(pragma) on the writer")
        }
        try await database.close()
    }
}
