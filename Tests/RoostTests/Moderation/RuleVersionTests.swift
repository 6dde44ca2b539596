import Foundation
import GRDB
import Testing

@testable import Roost

/// A send checks its rules on a reader and, inside the write, only compares versions; every
/// change a check reads must therefore move a version (migration 0033), and a send never
/// moves one.
@Suite struct RuleVersionTests {
    @Test func everyChangeASendChecksMovesAVersion() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        try await withServer(database: file) { api in
            func versions() async throws -> RuleVersions {
                let database = try DatabaseQueue(path: file.path)
                defer { try? database.close() }
                return try await database.read { db in
                    let channel = try Int64.fetchOne(db, sql: "SELECT id FROM channels WHERE channel_url = 'chat'")!
                    let alice = try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE user_id = 'alice'")!
                    return try RuleVersionRepository().versions(of: channel, sender: alice, in: db)!
                }
            }
            func expectChange(_ change: () async throws -> API.Reply, _ comment: Comment) async throws {
                let before = try await versions()
                #expect(try await change().status == .ok, comment)
                let after = try await versions()
                #expect(after != before, comment)
            }
            try await api.createUsers("alice", "bob", "carol")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"], "custom_type": "team"}"#)
            let start = try await versions()
            try await api.say("alice", "a send moves nothing", in: "chat")
            #expect(try await versions() == start)

            try await expectChange({ try await api.post("/v3/group_channels/chat/mute", #"{"user_id": "alice", "seconds": 60}"#) }, "a mute")
            try await expectChange({ try await api.delete("/v3/group_channels/chat/mute/alice") }, "an unmute")
            try await expectChange({ try await api.put("/v3/group_channels/chat/freeze", #"{"freeze": true}"#) }, "a freeze")
            try await expectChange({ try await api.post("/v3/group_channels/chat/operators", #"{"operator_ids": ["alice"]}"#) }, "an operator")
            try await expectChange({ try await api.put("/v3/group_channels/chat", #"{"name": "renamed"}"#) }, "a new name")
            try await expectChange({ try await api.post("/v3/group_channels/chat/invite", #"{"user_ids": ["carol"]}"#) }, "a member")
            try await expectChange({ try await api.put("/v3/group_channels/chat/leave", #"{"user_ids": ["carol"]}"#) }, "a member leaving")
            try await expectChange({ try await api.put("/v3/users/alice", #"{"nickname": "Alice"}"#) }, "the sender's nickname")
            try await expectChange({ try await api.put("/v3/users/alice/metadata", #"{"metadata": {"k": "v"}, "upsert": true}"#) }, "the sender's metadata")
            try await expectChange({ try await api.put("/v3/users/alice", #"{"is_active": false}"#) }, "a deactivation")
            try await expectChange({
                try await api.post("/v3/applications/settings_by_channel_custom_type/team/mute", #"{"user_ids": ["bob"], "seconds": 60}"#)
            }, "a mute by custom type")
            try await expectChange({
                try await api.put("/v3/applications/settings_global/team", #"{"profanity_filter": {"keywords": ["darn"], "type": 1}}"#)
            }, "a profanity filter")
            try await expectChange({ try await api.delete("/v3/users/bob") }, "a user deleted")
        }
    }
}
