import Foundation
import Testing

@Suite struct ChannelMetadataTests {
    @Test(arguments: ["group_channels", "open_channels"])
    func metadataLifecycle(channelType: String) async throws {
        let clock = TestClock()
        try await withServer(clock: clock) { api in
            try await api.createUsers("alice")
            let created = channelType == "group_channels"
                ? try await api.createChannel(#"{"user_ids": ["alice"]}"#)
                : try await api.post("/v3/open_channels", "{}")
            let base = "/v3/\(channelType)/\(created["channel_url"].string!)/metadata"

            // Creating answers the items under "metadata", as Sendbird's page shows.
            #expect(try await api.post(base, #"{"metadata": {"a": "1", "b": "2"}}"#).json == ["metadata": ["a": "1", "b": "2"]])
            expectError(try await api.post(base, #"{"metadata": {"a": "x"}}"#), code: 400202)
            // With include_ts, the time they were stored, under both names clients read.
            #expect(try await api.post(base, #"{"metadata": {"t": "x"}, "include_ts": true}"#).json
                == ["metadata": ["t": "x"], "include_ts": 1_700_000_000_000, "ts": 1_700_000_000_000])
            #expect(try await api.delete("\(base)/t").status == .ok)
            #expect(try await api.get(base).json == ["a": "1", "b": "2"])
            #expect(try await api.get("\(base)?keys=a&keys=zzz").json == ["a": "1"])
            #expect(try await api.get("\(base)?keys=a,b").json == ["a": "1", "b": "2"])
            #expect(try await api.get("\(base)/b").json == ["b": "2"])
            #expect(try await api.get("\(base)?include_ts=true").json == ["metadata": ["a": "1", "b": "2"], "ts": 1_700_000_000_000])

            clock.advance(milliseconds: 10)
            #expect(try await api.put(base, #"{"metadata": {"a": "one"}, "include_ts": true}"#).json == ["metadata": ["a": "one"], "ts": 1_700_000_000_010])
            expectError(try await api.put(base, #"{"metadata": {"c": "3"}}"#), code: 400201)
            #expect(try await api.put(base, #"{"metadata": {"c": "3"}, "upsert": true}"#).json == ["c": "3"])
            #expect(try await api.put("\(base)/c", #"{"value": "three"}"#).json == ["c": "three"])
            #expect(try await api.put("\(base)/c", #"{"c": "THREE"}"#).json == ["c": "THREE"])
            #expect(try await api.put("\(base)/d", #"{"metadata": {"d": "4"}, "upsert": true}"#).json == ["d": "4"])
            expectError(try await api.put("\(base)/e", #"{"value": "5"}"#), code: 400201)
            #expect(try await api.put("\(base)/e", #"{"value": "5", "upsert": true}"#).status == .ok)
            expectError(try await api.put("\(base)/f", #"{"value": "6", "upsert": true}"#), code: 400203)

            #expect(try await api.delete("\(base)/e").json == [:])
            #expect(try await api.delete("\(base)?key=d").json == [:])
            expectError(try await api.delete("\(base)/e"), code: 400201)
            #expect(try await api.delete(base).json == [:])
            #expect(try await api.get(base).json == [:])

            expectError(try await api.post(base, #"{"metadata": {"k": [1]}}"#), code: 400100)
            expectError(try await api.post(base, #"{"metadata": {"a,b": "1"}}"#), code: 400151)
            expectError(try await api.post(base, #"{"metadata": {"k": "\#(String(repeating: "v", count: 191))"}}"#), code: 400110)
            expectError(try await api.get("/v3/\(channelType)/nowhere/metadata"), code: 400201)
        }
    }

    @Test(arguments: ["group_channels", "open_channels"])
    func metacounterLifecycle(channelType: String) async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            let created = channelType == "group_channels"
                ? try await api.createChannel(#"{"user_ids": ["alice"]}"#)
                : try await api.post("/v3/open_channels", "{}")
            let base = "/v3/\(channelType)/\(created["channel_url"].string!)/metacounter"

            #expect(try await api.post(base, #"{"metacounter": {"likes": 1, "views": 10}}"#).json == ["likes": 1, "views": 10])
            #expect(try await api.post(base, #"{"metacounter": "{\"shares\": 0}"}"#).json == ["shares": 0])
            expectError(try await api.post(base, #"{"metacounter": {"likes": 5}}"#), code: 400202)
            #expect(try await api.get(base).json == ["likes": 1, "views": 10, "shares": 0])
            #expect(try await api.get("\(base)?key=likes").json == ["likes": 1])
            #expect(try await api.get("\(base)/views").json == ["views": 10])

            #expect(try await api.put(base, #"{"metacounter": {"likes": 2}, "mode": "increase"}"#).json == ["likes": 3])
            #expect(try await api.put(base, #"{"metacounter": {"views": 4}, "mode": "decrease"}"#).json == ["views": 6])
            #expect(try await api.put(base, #"{"metacounter": {"likes": 100}}"#).json == ["likes": 100])
            expectError(try await api.put(base, #"{"metacounter": {"new": 1}, "mode": "increase"}"#), code: 400201)
            #expect(try await api.put(base, #"{"metacounter": {"new": 1}, "mode": "increase", "upsert": true}"#).json == ["new": 1])
            #expect(try await api.put("\(base)/new", #"{"value": 5, "mode": "increase"}"#).json == ["new": 6])
            expectError(try await api.put(base, #"{"metacounter": {"x": 1}, "mode": "multiply"}"#), code: 400111)
            #expect(try await api.put(base, #"{"metacounter": {"likes": 9223372036854775807}}"#).status == .ok)
            expectError(try await api.put(base, #"{"metacounter": {"likes": 1}, "mode": "increase"}"#), code: 400113)
            #expect(try await api.put(base, #"{"metacounter": {"likes": 100}}"#).status == .ok)
            expectError(try await api.put(base, #"{"metacounter": {"x": "one"}}"#), code: 400101)
            #expect(try await api.put("\(base)/x", #"{"value": 1, "upsert": true}"#).json == ["x": 1])
            expectError(try await api.put("\(base)/y", #"{"value": 1, "upsert": true}"#), code: 400203)

            #expect(try await api.delete("\(base)/new").json == [:])
            expectError(try await api.get("\(base)/new"), code: 400201)
            #expect(try await api.delete(base).json == [:])
            #expect(try await api.get(base).json == [:])
        }
    }

    /// As for users: numbers and booleans are kept as their JSON text.
    @Test(arguments: ["group_channels", "open_channels"])
    func numbersAndBooleansAreKeptAsText(channelType: String) async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            let created = channelType == "group_channels"
                ? try await api.createChannel(#"{"user_ids": ["alice"]}"#)
                : try await api.post("/v3/open_channels", "{}")
            let base = "/v3/\(channelType)/\(created["channel_url"].string!)/metadata"
            #expect(try await api.post(base, #"{"metadata": {"pinned": true, "rank": 12, "score": 0.5}}"#).json
                == ["metadata": ["pinned": "True", "rank": "12", "score": "0.5"]])
            #expect(try await api.put("\(base)/rank", #"{"value": 13}"#).json == ["rank": "13"])
            #expect(try await api.put(base, #"{"metadata": {"pinned": false}}"#).json == ["pinned": "False"])
            #expect(try await api.get(base).json == ["pinned": "False", "rank": "13", "score": "0.5"])
            expectError(try await api.put(base, #"{"metadata": {"pinned": null}}"#), code: 400100)
        }
    }

    @Test func fiftyConcurrentIncreasesAddUpExactly() async throws {
        try await withServer { api in
            let url = try await api.post("/v3/open_channels", "{}")["channel_url"].string!
            let base = "/v3/open_channels/\(url)/metacounter"
            #expect(try await api.post(base, #"{"metacounter": {"hits": 0}}"#).status == .ok)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        let reply = try await api.put(base, #"{"metacounter": {"hits": 1}, "mode": "increase"}"#)
                        #expect(reply.status == .ok)
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await api.get(base).json == ["hits": 50])
        }
    }

    @Test func unknownChannelTypeIsAnUnknownPath() async throws {
        try await withServer { api in
            expectError(try await api.get("/v3/side_channels/x/metadata"), status: .badRequest, code: 400201)
        }
    }

    @Test func listFiltersByMetadataAndMetacounter() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            for (url, color, score) in [("c-red", "red", 1), ("c-blue", "blue", 5), ("c-rose", "rose", 9)] {
                try await api.createChannel(#"{"channel_url": "\#(url)", "user_ids": ["alice"]}"#)
                #expect(try await api.post("/v3/group_channels/\(url)/metadata", #"{"metadata": {"color": "\#(color)"}}"#).status == .ok)
                #expect(try await api.post("/v3/group_channels/\(url)/metacounter", #"{"metacounter": {"score": \#(score)}}"#).status == .ok)
            }
            func list(_ query: String) async throws -> [String] {
                try await api.get("/v3/group_channels?show_empty=true&\(query)")["channels"].array.compactMap { $0["channel_url"].string }
            }
            #expect(try await list("metadata_key=color&metadata_values=red,blue") == ["c-blue", "c-red"])
            #expect(try await list("metadata_key=color&metadata_value_startswith=r") == ["c-rose", "c-red"])
            #expect(try await list("metacounter_key=score&metacounter_values=1,9") == ["c-rose", "c-red"])
            #expect(try await list("metacounter_key=score&metacounter_value_gt=1") == ["c-rose", "c-blue"])
            #expect(try await list("metacounter_key=score&metacounter_value_gte=5&metacounter_value_lt=9") == ["c-blue"])
            #expect(try await list("metacounter_key=score&metacounter_value_lte=5") == ["c-blue", "c-red"])
            #expect(try await list("order=metadata_value_alphabetical&metadata_order_key=color") == ["c-blue", "c-red", "c-rose"])
            let first = try await api.get("/v3/group_channels?show_empty=true&order=metadata_value_alphabetical&metadata_order_key=color&limit=2")
            let rest = try await api.get("/v3/group_channels?show_empty=true&order=metadata_value_alphabetical&metadata_order_key=color&limit=2&token=\(first["next"].string!)")
            #expect(rest["channels"].array.map { $0["channel_url"] } == ["c-rose"])
            let shown = try await api.get("/v3/group_channels?show_empty=true&show_metadata=true&channel_urls=c-red")
            #expect(shown["channels"][0]["metadata"] == ["color": "red"])
        }
    }
}
