import Foundation
import GRDB
import Testing

@testable import Roost

@Suite struct SearchTests {
    private func seed(_ api: API, clock: TestClock) async throws {
        try await api.createUsers("alice", "bob", "carol")
        try await api.createChannel(#"{"channel_url": "work", "user_ids": ["alice", "bob"], "custom_type": "team"}"#)
        try await api.createChannel(#"{"channel_url": "home", "user_ids": ["alice", "carol"]}"#)
        for (url, user, text) in [
            ("work", "alice", "The quarterly report is ready"),
            ("work", "bob", "Reports are due on Friday"),
            ("work", "alice", "Lunch at noon?"),
            ("home", "carol", "Dinner at seven, report back"),
            ("home", "alice", "The reporter called about abcde"),
            ("work", "bob", "abbde and abxde are codes"),
        ] {
            clock.advance(milliseconds: 1000)
            try await api.say(user, text, in: url)
        }
    }

    private func found(_ api: API, _ query: String) async throws -> [String] {
        let reply = try await api.get("/v3/search/messages?\(query)")
        #expect(reply.status == .ok, "\(query): \(reply)")
        return reply["results"].array.compactMap { $0["message"].string }
    }

    @Test func keywordSearch() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await seed(api, clock: clock)
            #expect(try await found(api, "channel_url=work&query=report&sort_field=ts")
                == ["Reports are due on Friday", "The quarterly report is ready"])
            #expect(try await found(api, "channel_url=work&query=report&exact_match=true") == ["The quarterly report is ready"])
            #expect(try await found(api, "user_id=carol&query=report&sort_field=ts")
                == ["The reporter called about abcde", "Dinner at seven, report back"])
            #expect(try await found(api, "user_id=alice&query=report&custom_type=team&sort_field=ts&reverse=true")
                == ["The quarterly report is ready", "Reports are due on Friday"])
            #expect(try await found(api, "channel_url=work&query=LUNCH") == ["Lunch at noon?"])
            #expect(try await found(api, "channel_url=work&query=report&message_ts_from=1700000002000&sort_field=ts")
                == ["Reports are due on Friday"])
            #expect(try await found(api, "channel_url=work&query=report&message_ts_to=1700000001000") == ["The quarterly report is ready"])
            #expect(try await found(api, "channel_url=work&query=report&target_user_ids=bob") == ["Reports are due on Friday"])
            #expect(try await found(api, "user_id=alice&query=report&target_user_ids=bob,carol&sort_field=ts")
                == ["Dinner at seven, report back", "Reports are due on Friday"])
            #expect(try await found(api, "channel_url=work&query=report&target_user_ids=nobody") == [])

            let first = try await api.get("/v3/search/messages?user_id=alice&query=report&limit=2&sort_field=ts")
            #expect(first["total_count"] == 4)
            #expect(first["has_next"] == true)
            #expect(first["results"].array.count == 2)
            let second = try await api.get("/v3/search/messages?user_id=alice&query=report&limit=2&sort_field=ts&token=\(first["next"].string!)")
            #expect(second["results"].array.count == 2)
            #expect(second["has_next"] == false)
            #expect(second["next"] == "")
        }
    }

    @Test func advancedQueries() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await seed(api, clock: clock)
            func advanced(_ query: String) async throws -> Set<String> {
                let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                return Set(try await found(api, "user_id=alice&advanced_query=true&query=\(encoded)"))
            }
            #expect(try await advanced("ab?de") == ["The reporter called about abcde", "abbde and abxde are codes"])
            #expect(try await advanced("rep*rt") == ["The quarterly report is ready", "Dinner at seven, report back"])
            #expect(try await advanced("report*") == [
                "The quarterly report is ready", "Reports are due on Friday", "Dinner at seven, report back",
                "The reporter called about abcde",
            ])
            #expect(try await advanced("lanch~") == ["Lunch at noon?"])
            #expect(try await advanced("quarterly OR lunch") == ["The quarterly report is ready", "Lunch at noon?"])
            #expect(try await advanced("report AND ready") == ["The quarterly report is ready"])
            #expect(try await advanced("(lunch OR dinner) AND noon") == ["Lunch at noon?"])
            #expect(try await advanced("zzz* OR lunch") == ["Lunch at noon?"])
            #expect(try await advanced("zzz*") == [])
            expectError(try await api.get("/v3/search/messages?user_id=alice&advanced_query=true&query=%28lunch"), code: 400111)
            let deep = String(repeating: "%28", count: 1500) + "lunch" + String(repeating: "%29", count: 1500)
            expectError(try await api.get("/v3/search/messages?user_id=alice&advanced_query=true&query=\(deep)"), code: 400111)
        }
    }

    @Test func searchFollowsEditsAndDeletes() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice"]}"#)
            let id = try await api.say("alice", "apples", in: "chat")["message_id"].int!
            #expect(try await found(api, "channel_url=chat&query=apples") == ["apples"])
            #expect(try await api.put("/v3/group_channels/chat/messages/\(id)", #"{"message": "pears"}"#).status == .ok)
            #expect(try await found(api, "channel_url=chat&query=apples") == [])
            #expect(try await found(api, "channel_url=chat&query=pears") == ["pears"])
            #expect(try await api.delete("/v3/group_channels/chat/messages/\(id)").status == .ok)
            #expect(try await found(api, "channel_url=chat&query=pears") == [])
        }
    }

    @Test func searchErrors() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice"]}"#)
            expectError(try await api.get("/v3/search/messages?channel_url=chat"), code: 400105)
            expectError(try await api.get("/v3/search/messages?query=x"), code: 400111)
            expectError(try await api.get("/v3/search/messages?query=x&channel_url=chat&user_id=alice"), code: 400111)
            expectError(try await api.get("/v3/search/messages?query=x&channel_url=nowhere"), code: 400201)
            expectError(try await api.get("/v3/search/messages?query=x&channel_url=chat&limit=100"), code: 400113)
            expectError(try await api.get("/v3/search/messages?query=x&channel_url=chat&exact_match=true&advanced_query=true"), code: 400111)
            expectError(try await api.get("/v3/search/messages?query=x&channel_url=chat&sort_field=size"), code: 400111)
            // Roost has no synonym dictionary: asking for synonyms is refused, not ignored.
            let synonyms = try await api.get("/v3/search/messages?query=x&channel_url=chat&synonym=true")
            expectError(synonyms, code: 400111)
            #expect(synonyms["message"].string?.contains("synonym") == true)
            #expect(try await api.get("/v3/search/messages?query=x&channel_url=chat&synonym=false").status == .ok)
            expectError(try await api.get("/v3/search/messages?query=x&channel_url=chat&token=bogus"), code: 400111)
            // ["9223372036854775807"]: an offset that must not overflow.
            expectError(try await api.get("/v3/search/messages?query=x&channel_url=chat&token=WyI5MjIzMzcyMDM2ODU0Nzc1ODA3Il0"), code: 400111)
            #expect(try await found(api, "channel_url=chat&query=%21%21%21") == [])
        }
    }

    @Test func wordsFoldCaseAndAccentsAndStayInTheirChannel() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "first", "user_ids": ["alice"]}"#)
            try await api.createChannel(#"{"channel_url": "second", "user_ids": ["alice"]}"#)
            try await api.say("alice", "Mon RÉSUMÉ, naïve café_crème 東京タワー", in: "first")
            try await api.say("alice", "resume elsewhere", in: "second")
            #expect(try await found(api, "channel_url=first&query=resume") == ["Mon RÉSUMÉ, naïve café_crème 東京タワー"])
            #expect(try await found(api, "channel_url=first&query=R%C3%A9sum%C3%A9%20naive%20creme") == ["Mon RÉSUMÉ, naïve café_crème 東京タワー"])
            #expect(try await found(api, "channel_url=first&query=%E6%9D%B1%E4%BA%AC") == ["Mon RÉSUMÉ, naïve café_crème 東京タワー"])
            #expect(try await found(api, "channel_url=second&query=resume") == ["resume elsewhere"])
            #expect(try await found(api, "channel_url=first&query=elsewhere") == [])
            #expect(try await found(api, "user_id=alice&query=resume&sort_field=ts")
                == ["resume elsewhere", "Mon RÉSUMÉ, naïve café_crème 東京タワー"])
            let advanced = "user_id=alice&advanced_query=true&query="
            #expect(Set(try await found(api, advanced + "r%C3%A9sum%3F")) == ["Mon RÉSUMÉ, naïve café_crème 東京タワー", "resume elsewhere"])
            #expect(try await found(api, advanced + "elsewere~") == ["resume elsewhere"])
        }
        #expect(SearchWords.words(in: "Ünïcode-Wörds_and 42 e\u{301}") == ["unicode", "words", "and", "42", "e"])
    }

    /// A database written before search terms carried their channel is indexed again on upgrade.
    @Test func anUpgradedDatabaseFindsItsMessages() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let old = try DatabaseQueue(path: database.path)
        try Migration.migrator().migrate(old, upTo: "0026_data_exports")
        try await old.write { db in
            try db.execute(sql: "INSERT INTO channels (id, channel_type, channel_url, created_at) VALUES (1, 'group_channels', 'old', 0)")
            try db.execute(sql: "INSERT INTO messages (id, channel_id, type, message, created_at) VALUES (1, 1, 'MESG', 'Kept from before', 1), (2, 1, 'MESG', 'Removed before', 2)")
            try db.execute(sql: "UPDATE messages SET is_removed = 1 WHERE id = 2")
        }
        try old.close()
        try await withServer(database: database) { api async throws in
            #expect(try await found(api, "channel_url=old&query=before") == ["Kept from before"])
            #expect(try await found(api, "channel_url=old&query=kept") == ["Kept from before"])
        }
    }
}
