import Foundation
import GRDB
import Testing

/// GDPR requests: access files, and deletion that leaves no trace of the user.
@Suite struct GDPRTests {
    func settled(_ api: API, _ id: String) async throws -> API.Reply {
        try await awaited { try await api.get("/v3/privacy/gdpr/\(id)") } until: { $0["status"] != "scheduled" }
    }

    @Test func accessGivesTheUsersDataAndDeletionLeavesNoTrace() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try await withServer(database: database) { api in
            try await api.createUsers("bob", "carol")
            #expect(try await api.post("/v3/users", #"{"user_id": "erasable-7f3a", "nickname": "Quixotic Nickname", "profile_url": ""}"#).status == .ok)
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["erasable-7f3a", "bob", "carol"]}"#)
            try await api.createChannel(#"{"channel_url": "pair", "user_ids": ["erasable-7f3a", "bob"], "is_distinct": true}"#)
            try await api.createChannel(#"{"channel_url": "crowd", "user_ids": ["erasable-7f3a", "bob", "carol"]}"#)
            #expect(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "erasable-7f3a", "message": "zanzibar quokka plan"}"#).status == .ok)
            #expect(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "ok", "mentioned_user_ids": ["erasable-7f3a"]}"#).status == .ok)
            let sent = try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "see this"}"#)
            #expect(try await api.post("/v3/report/group_channels/room/messages/\(sent["message_id"].int ?? 0)", #"{"report_category": "spam", "reporting_user_id": "erasable-7f3a"}"#).status == .ok)
            #expect(try await api.put("/v3/users/erasable-7f3a/metadata", #"{"metadata": {"city": "Zanzibar"}, "upsert": true}"#).status == .ok)

            let access = try await api.post("/v3/privacy/gdpr", #"{"action": "access", "user_id": "erasable-7f3a", "user_ids": [], "channel_delete_option": "do_not_delete"}"#)
            #expect(access.status == .ok, "\(access)")
            let accessed = try await settled(api, try #require(access["request_id"].string))
            let url = try #require(accessed["files"]["url"].string)
            let zip = String(buffer: try await api.client.execute(uri: String(url[url.range(of: "/files/")!.lowerBound...]), method: .get).body)
            #expect(zip.contains("user.json") && zip.contains("zanzibar quokka plan") && zip.contains("Quixotic Nickname"))

            let deletion = try await api.post("/v3/privacy/gdpr", #"{"action": "delete", "user_id": "", "user_ids": ["erasable-7f3a"], "channel_delete_option": "1_on_1"}"#)
            let deleted = try await settled(api, try #require(deletion["request_id"].string))
            #expect(deleted["status"] == "done" && deleted["user_ids"] == ["erasable-7f3a"])
            #expect(deleted["files"] == ["url": "", "expires_at": 0])
            expectError(try await api.get("/v3/users/erasable-7f3a"), code: 400201)
            expectError(try await api.get("/v3/group_channels/pair"), code: 400201)
            #expect(try await api.get("/v3/group_channels/crowd").status == .ok, "only one-on-one channels go with 1_on_1")
            #expect(try await api.get("/v3/group_channels/room/messages?message_ts=9999999999999")["messages"].array.map { $0["message"].string ?? "" } == ["ok", "see this"])
            let search = try await api.get("/v3/search/messages?query=zanzibar&channel_url=room")
            #expect(search["results"] == [], "\(search)")
            #expect(try await api.get("/v3/privacy/gdpr")["requests"].array.count == 2)

            expectError(try await api.post("/v3/privacy/gdpr", #"{"action": "erase", "user_id": "bob"}"#), code: 400111)
            expectError(try await api.post("/v3/privacy/gdpr", #"{"action": "delete", "user_ids": []}"#), code: 400105)
            // Without an action, a request deletes (Sendbird's default).
            #expect(try await api.post("/v3/privacy/gdpr", #"{"user_ids": ["carol"]}"#)["action"] == "delete")
            expectError(try await api.delete("/v3/privacy/gdpr/\(deletion["request_id"].string ?? "")"), code: 400111)
        }
        // Every table but the request that asked for it, every column, as bytes.
        let queue = try DatabaseQueue(path: database.path)
        let traces = try await queue.read { db in
            var found: [String] = []
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'gdpr_requests'")
            for table in tables {
                let columns = try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]).map { $0[0] as String }
                for column in columns {
                    for needle in ["erasable-7f3a", "Quixotic", "zanzibar", "Zanzibar"] {
                        let hits = try Int.fetchOne(
                            db, sql: "SELECT COUNT(*) FROM \"\(table)\" WHERE instr(CAST(\"\(column)\" AS BLOB), CAST(? AS BLOB)) > 0", arguments: [needle]
                        ) ?? 0
                        if hits > 0 { found.append("\(table).\(column): \(needle)") }
                    }
                }
            }
            return found
        }
        #expect(traces == [], "no table holds the erased user's data")
    }

    /// "all" takes every group channel of the user's, on either engine (PostgreSQL refused the
    /// option where it was bound in place of a condition, and the job never finished).
    @Test func deletionWithAllTakesEveryChannelOfTheUsers() async throws {
        try await withServer { api in
            try await api.createUsers("bob", "carol", "erasable-9c1d")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["erasable-9c1d", "bob", "carol"]}"#)
            try await api.createChannel(#"{"channel_url": "pair", "user_ids": ["erasable-9c1d", "bob"]}"#)
            try await api.createChannel(#"{"channel_url": "others", "user_ids": ["bob", "carol"]}"#)
            let deletion = try await api.post("/v3/privacy/gdpr", #"{"action": "delete", "user_ids": ["erasable-9c1d"], "channel_delete_option": "all"}"#)
            let deleted = try await settled(api, try #require(deletion["request_id"].string))
            #expect(deleted["status"] == "done", "\(deleted)")
            expectError(try await api.get("/v3/group_channels/room"), code: 400201)
            expectError(try await api.get("/v3/group_channels/pair"), code: 400201)
            #expect(try await api.get("/v3/group_channels/others").status == .ok)
        }
    }
}
