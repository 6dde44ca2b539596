import Testing

@testable import Roost

/// A user's own stream keeps them online; the streams of a deleted user are disowned, so that
/// their end, however late it comes, never counts out a new user SQLite gave the same row id.
@Suite struct StreamPresenceTests {
    private struct Server {
        let database: AppDatabase
        let users: UserService
        let streams = OpenStreams()

        init(path: String) throws {
            database = try AppDatabase(path: path)
            let clock = TestClock().wallClock
            users = UserService(
                database: database, clock: clock, departures: LeaveAllGroupChannels(events: EventLog(applicationID: "test")), random: RandomTokens()
            )
            database.deletions.onDelete { [streams] in streams.forget($0) }
        }

        func create(_ userID: String) async throws -> Int64 {
            try await database.write { db in
                try UserRepository().insert(
                    NewUser(userID: userID, nickname: userID, profileURL: "", discoveryKeys: [], preferredLanguages: [], metadata: [:], createdAt: 0), in: db
                )
            }
        }

        func openStreams(of userID: String) async throws -> Int? {
            try await database.read { db in try Int.fetchOne(db, sql: "SELECT open_streams FROM users WHERE user_id = ?", arguments: [userID]) }
        }

        /// Opens a stream of `userID`'s and waits until it counts them in.
        func open(_ userID: String) async throws -> StreamPresence {
            let before = try await openStreams(of: userID) ?? 0
            let presence = StreamPresence(of: userID, users: users, streams: streams) {}
            #expect(try await eventually { try await openStreams(of: userID) == before + 1 })
            return presence
        }
    }

    @Test func aDeletedUsersLateEndNeverCountsOutTheNextUser() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let server = try Server(path: file.path)
        let oldRow = try await server.create("zed")
        let old = try await server.open("zed")
        try await server.users.delete("zed")
        #expect(try await server.create("zed") == oldRow, "the new zed has the old one's row id, which is what is at stake")
        let new = try await server.open("zed")
        // The old stream ends only now, after the new zed's stream counted him in.
        await old.end()
        #expect(try await server.openStreams(of: "zed") == 1, "the old stream counted out nobody")
        await new.end()
        #expect(try await server.openStreams(of: "zed") == 0)
        try await server.database.close()
    }
}
