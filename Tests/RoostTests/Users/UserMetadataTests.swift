import Testing

@Suite struct UserMetadataTests {
    @Test func createViewUpdateDelete() async throws {
        try await withServer { api in
            try await api.createUser("hal")
            let created = try await api.post("/v3/users/hal/metadata", #"{"metadata": {"a": "1", "b": "2"}}"#)
            #expect(created.status == .ok)
            #expect(created.json == ["a": "1", "b": "2"])
            #expect(try await api.get("/v3/users/hal/metadata").json == ["a": "1", "b": "2"])
            #expect(try await api.get("/v3/users/hal/metadata?keys=b").json == ["b": "2"])
            #expect(try await api.get("/v3/users/hal/metadata/a").json == ["a": "1"])
            #expect(try await api.get("/v3/users/hal")["metadata"] == ["a": "1", "b": "2"])

            expectError(try await api.post("/v3/users/hal/metadata", #"{"metadata": {"a": "again"}}"#), code: 400202)

            #expect(try await api.put("/v3/users/hal/metadata", #"{"metadata": {"a": "one"}}"#).json == ["a": "one"])
            expectError(try await api.put("/v3/users/hal/metadata", #"{"metadata": {"c": "3"}}"#), code: 400201)
            #expect(try await api.put("/v3/users/hal/metadata", #"{"metadata": {"c": "3"}, "upsert": true}"#).json == ["c": "3"])

            #expect(try await api.put("/v3/users/hal/metadata/b", #"{"value": "two"}"#).json == ["b": "two"])
            expectError(try await api.put("/v3/users/hal/metadata/d", #"{"value": "4"}"#), code: 400201)
            #expect(try await api.put("/v3/users/hal/metadata/d", #"{"value": "4", "upsert": true}"#).json == ["d": "4"])
            #expect(try await api.get("/v3/users/hal/metadata").json == ["a": "one", "b": "two", "c": "3", "d": "4"])

            #expect(try await api.delete("/v3/users/hal/metadata/a").json == [:])
            expectError(try await api.delete("/v3/users/hal/metadata/a"), code: 400201)
            expectError(try await api.get("/v3/users/hal/metadata/a"), code: 400201)
            #expect(try await api.delete("/v3/users/hal/metadata").json == [:])
            #expect(try await api.get("/v3/users/hal/metadata").json == [:])
        }
    }

    @Test func limitsAndErrors() async throws {
        try await withServer { api in
            try await api.createUser("ida", extra: #""metadata": {"k1": "v", "k2": "v", "k3": "v", "k4": "v"}"#)
            #expect(try await api.post("/v3/users/ida/metadata", #"{"metadata": {"k5": "v"}}"#).status == .ok)
            expectError(try await api.post("/v3/users/ida/metadata", #"{"metadata": {"k6": "v"}}"#), code: 400203)
            expectError(try await api.put("/v3/users/ida/metadata/k6", #"{"value": "v", "upsert": true}"#), code: 400203)
            #expect(try await api.put("/v3/users/ida/metadata/k5", #"{"value": "changed"}"#).status == .ok)

            let longKey = String(repeating: "k", count: 129)
            let longValue = String(repeating: "v", count: 191)
            expectError(try await api.put("/v3/users/ida/metadata", #"{"metadata": {"\#(longKey)": "v"}, "upsert": true}"#), code: 400110)
            expectError(try await api.put("/v3/users/ida/metadata/k1", #"{"value": "\#(longValue)"}"#), code: 400110)
            expectError(try await api.post("/v3/users/ida/metadata", "{}"), code: 400105)
            expectError(try await api.post("/v3/users/ida/metadata", #"{"metadata": [1]}"#), code: 400103)
            expectError(try await api.put("/v3/users/ida/metadata/k1", "{}"), code: 400105)
            expectError(try await api.get("/v3/users/ghost/metadata"), code: 400201)
            expectError(try await api.post("/v3/users/ghost/metadata", #"{"metadata": {"a": "b"}}"#), code: 400201)
        }
    }

    /// Sendbird's own integration tests create a user with a boolean in its metadata and read it
    /// back as Python writes it; numbers and booleans are kept as text and answered as strings.
    @Test func numbersAndBooleansAreKeptAsText() async throws {
        try await withServer { api in
            let created = try await api.createUser("kay", extra: #""metadata": {"level": "5", "vip": true, "count": 3, "ratio": 2.5}"#)
            let expected: JSONValue = ["level": "5", "vip": "True", "count": "3", "ratio": "2.5"]
            #expect(created["metadata"] == expected)
            #expect(try await api.get("/v3/users/kay/metadata").json == expected)
            #expect(try await api.put("/v3/users/kay/metadata", #"{"metadata": {"vip": false, "new": 0}, "upsert": true}"#).json == ["vip": "False", "new": "0"])
            #expect(try await api.put("/v3/users/kay/metadata/count", #"{"value": -7}"#).json == ["count": "-7"])
            #expect(try await api.delete("/v3/users/kay/metadata/new").status == .ok)
            #expect(try await api.post("/v3/users/kay/metadata", #"{"metadata": {"on": true}}"#).json == ["on": "True"])
            #expect(try await api.get("/v3/users?metadatakey=vip&metadatavalues_in=False")["users"].array.count == 1)
            expectError(try await api.put("/v3/users/kay/metadata", #"{"metadata": {"vip": null}}"#), code: 400100)
            expectError(try await api.put("/v3/users/kay/metadata", #"{"metadata": {"vip": [true]}}"#), code: 400100)
            expectError(try await api.put("/v3/users/kay/metadata/vip", #"{"value": {"a": 1}}"#), code: 400100)
            let nested = #"{"user_id": "lee", "nickname": "lee", "profile_url": "", "metadata": {"x": {"y": "z"}}}"#
            expectError(try await api.post("/v3/users", nested), code: 400100)
        }
    }
}
