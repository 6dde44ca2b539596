import Foundation
import GRDB
import Logging
import Testing

@testable import Roost

/// The scheduler's contract with a two-step job: the long part before the write, the result in
/// a brief transaction, and nothing left behind when that transaction does not commit.
@Suite struct SchedulerTests {
    struct Refused: Error {}

    /// A job that writes a file before its transaction and links it in a row inside it.
    final class FileJob: Sendable {
        let files: FileStorage
        let refuse: Bool

        init(files: FileStorage, refuse: Bool) {
            self.files = files
            self.refuse = refuse
        }

        var handler: JobRunner {
            JobRunner(
                kind: "file_job",
                prepare: { [files] job, _ in try files.store([Array("made by \(job.key)".utf8)], name: "made.txt", type: "text/plain", fileID: "ab\(job.id)") },
                run: { [refuse] _, stored, _, db, _ in
                    try db.execute(sql: "INSERT INTO made_files (url) VALUES (?)", arguments: [stored.url])
                    if refuse { throw Refused() }
                    return .done
                },
                discard: { [files] stored in files.remove(stored) }
            )
        }
    }

    private func scheduler(refusing refuse: Bool, _ test: (Scheduler, AppDatabase, FileStorage, TestClock) async throws -> Void) async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let uploads = FileManager.default.temporaryDirectory.appendingPathComponent("roost-scheduler-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: uploads) }
        let database = try AppDatabase(path: file.path)
        try await database.write { try $0.execute(sql: "CREATE TABLE made_files (url TEXT NOT NULL)") }
        let files = FileStorage(directory: uploads, baseURL: "http://roost", applicationID: "app", random: RandomTokens())
        let clock = TestClock()
        let scheduler = Scheduler(
            database: database, clock: clock.wallClock, handlers: [FileJob(files: files, refuse: refuse).handler], logger: Logger(label: "test")
        )
        try await test(scheduler, database, files, clock)
        try await database.close()
    }

    private func schedule(in database: AppDatabase, at time: Int64) async throws -> Int64 {
        try await database.write { db in
            try ScheduledJobRepository().schedule("file_job", for: 7, at: time, in: db)
            return try Int64.fetchOne(db, sql: "SELECT id FROM scheduled_jobs")!
        }
    }

    @Test func aJobsFileIsWrittenBeforeItsTransactionAndLinkedInIt() async throws {
        try await scheduler(refusing: false) { scheduler, database, files, clock in
            _ = try await schedule(in: database, at: clock.now)
            #expect(await scheduler.runDue() == 1)
            let urls = try await database.read { try String.fetchAll($0, sql: "SELECT url FROM made_files") }
            #expect(urls.count == 1)
            #expect(files.contents(of: urls[0]) == Data("made by file_job:7".utf8))
            #expect(try await database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM scheduled_jobs") } == 0)
        }
    }

    @Test func aJobWhoseTransactionFailsLeavesNoFileBehind() async throws {
        try await scheduler(refusing: true) { scheduler, database, files, clock in
            let id = try await schedule(in: database, at: clock.now)
            #expect(await scheduler.runDue() == 1)
            #expect(try await database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM made_files") } == 0)
            #expect(files.contents(of: "http://roost/files/app/ab\(id)/made.txt") == nil)
            #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: files.directory).appendingPathComponent("ab\(id)").path))
            // Put off with one failure counted, to be tried again.
            let job = try await database.read { db in try ScheduledJobRepository().find(id: id, in: db) }
            #expect(job?.attempts == 1 && (job?.dueAt ?? 0) > clock.now)
        }
    }
}
