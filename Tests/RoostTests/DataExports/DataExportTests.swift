import Foundation
import Testing

/// Data exports: registered, written by the scheduler as a zip of JSON or CSV files.
@Suite struct DataExportTests {
    /// The request once the scheduler has taken it up: within 60 s, for a large export on a
    /// PostgreSQL that the other suites load too.
    func settled(_ api: API, _ path: String) async throws -> API.Reply {
        try await awaited(within: .seconds(60)) { try await api.get(path) } until: { $0["status"] != "scheduled" }
    }

    func file(_ api: API, _ url: String) async throws -> String {
        let path = String(url[url.range(of: "/files/")!.lowerBound...])
        return String(buffer: try await api.client.execute(uri: path, method: .get).body)
    }

    @Test func messagesChannelsAndUsersAreExported() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "room", "name": "Room", "user_ids": ["alice", "bob"]}"#)
            #expect(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "hello, world"}"#).status == .ok)
            #expect(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "bob", "message": "hi alice"}"#).status == .ok)
            let (start, end) = (clock.now - 60_000, clock.now + 60_000)

            let registered = try await api.post("/v3/export/messages", #"{"start_ts": \#(start), "end_ts": \#(end), "sender_ids": ["alice"]}"#)
            #expect(registered.status == .ok, "\(registered)")
            #expect(registered["status"] == "scheduled" && registered["format"] == "json" && registered["file"] == .null)
            let id = try #require(registered["request_id"].string)
            let done = try await settled(api, "/v3/export/messages/\(id)")
            #expect(done["status"] == "done" && done["file"]["expires_at"].int == Int(clock.now + 7 * 86_400_000))
            let zip = try await file(api, try #require(done["file"]["url"].string))
            #expect(zip.hasPrefix("PK") && zip.contains("room.json") && zip.contains("\"message\":\"hello, world\""))
            #expect(zip.components(separatedBy: "\"message\":\"hi alice\"").count == 2, "only alice's messages (bob's shows as the channel's last)")
            #expect(zip.contains("\"channel\":{") && zip.contains("\"name\":\"Room\""))

            let csv = try await api.post("/v3/export/users", #"{"start_ts": 1, "end_ts": \#(end), "format": "csv", "csv_delimiter": ";"}"#)
            let csvDone = try await settled(api, "/v3/export/users/\(try #require(csv["request_id"].string))")
            let table = try await file(api, try #require(csvDone["file"]["url"].string, "\(csvDone)"))
            #expect(table.contains("active_users.csv") && table.contains(";nickname;") && table.contains("alice"))

            // 0, the epoch, is a start like any other.
            let empty = try await api.post("/v3/export/channels", #"{"start_ts": 0, "end_ts": 2}"#)
            #expect(try await settled(api, "/v3/export/channels/\(try #require(empty["request_id"].string))")["status"] == "no data")
            #expect(try await api.get("/v3/export/messages")["exported_data"].array.count == 1)

            expectError(try await api.post("/v3/export/messages", #"{"start_ts": 1, "end_ts": \#(40 * 86_400_000)}"#), code: 400111)
            expectError(try await api.post("/v3/export/messages", #"{"end_ts": 5}"#), code: 400105)
            expectError(try await api.post("/v3/export/messages", #"{"start_ts": -5, "end_ts": 5}"#), code: 400106)
            expectError(try await api.post("/v3/export/pictures", #"{"start_ts": 1, "end_ts": 2}"#), code: 400111)
            expectError(try await api.post("/v3/export/users", #"{"start_ts": 1, "end_ts": 2, "format": "xml"}"#), code: 400111)
            expectError(try await api.get("/v3/export/users/nope"), code: 400201)

            clock.advance(milliseconds: 7 * 86_400_000)
            #expect(try await eventually { try await api.get("/v3/export/messages/\(id)")["file"] == .null }, "the file goes after seven days")
        }
    }

    /// An export reads and builds its messages in parts of `ExportWriter.messagesPerPart`, one
    /// channel after another: none is lost or repeated at a part's edge or a channel's.
    @Test func aLargeExportHasEveryMessageOnceInOrder() async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice")
            for url in ["large", "small", "tiny"] {
                try await api.createChannel(#"{"channel_url": "\#(url)", "user_ids": ["alice"]}"#)
            }
            let first = clock.now - 3_000_000
            for batch in 0..<21 {
                let messages = (0..<100).map { index in
                    let number = batch * 100 + index
                    return #"{"user_id": "alice", "message": "large-\#(number)-", "timestamp": \#(first + Int64(number))}"#
                }
                #expect(try await api.post("/v3/migration/large", #"{"messages": [\#(messages.joined(separator: ","))]}"#).status == .ok)
            }
            for url in ["small", "tiny"] {
                #expect(try await api.post("/v3/migration/\(url)", #"{"messages": [{"user_id": "alice", "message": "\#(url)-0-", "timestamp": \#(first)}, {"user_id": "alice", "message": "\#(url)-1-", "timestamp": \#(first + 1)}]}"#).status == .ok)
            }
            let registered = try await api.post("/v3/export/messages", #"{"start_ts": \#(first - 1), "end_ts": \#(clock.now)}"#)
            let done = try await settled(api, "/v3/export/messages/\(try #require(registered["request_id"].string))")
            #expect(done["status"] == "done", "\(done)")
            let zip = try await file(api, try #require(done["file"]["url"].string))
            for (url, count) in [("large", 2_100), ("small", 2), ("tiny", 2)] {
                // The file's messages: after its name in the archive, up to the next entry.
                let entry = try #require(zip.range(of: "\(url).json"))
                let rest = zip[entry.upperBound...]
                let next = [rest.range(of: "PK\u{03}\u{04}"), rest.range(of: "PK\u{01}\u{02}")].compactMap { $0?.lowerBound }.min() ?? rest.endIndex
                let messages = rest[try #require(rest.range(of: "\"messages\":[")).upperBound..<next]
                let positions = (0..<count).map { messages.range(of: "\"message\":\"\(url)-\($0)-\"")?.lowerBound }
                #expect(positions.allSatisfy { $0 != nil }, "every message of \(url)")
                #expect(messages.components(separatedBy: "\"message\":\"\(url)-").count == count + 1, "each once")
                let found = positions.compactMap { $0 }
                #expect(found == found.sorted(), "oldest first")
            }
        }
    }
}
