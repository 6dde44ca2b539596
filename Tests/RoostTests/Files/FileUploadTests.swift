import Foundation
import HTTPTypes
import Testing

@Suite struct FileUploadTests {
    @Test func uploadedFileIsStoredAndServed() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice"]}"#)
            let (body, contentType) = multipartForm(
                fields: [("message_type", "FILE"), ("user_id", "alice"), ("custom_type", "photo"), ("is_silent", "false")],
                file: ("cat picture.txt", "text/plain", "meow meow")
            )
            let reply = try await api.call(
                .post, "/v3/group_channels/chat/messages", body: body, headers: [.contentType: contentType]
            )
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply["type"] == "FILE")
            #expect(reply["custom_type"] == "photo")
            #expect(reply["file"]["name"] == "cat picture.txt")
            #expect(reply["file"]["type"] == "text/plain")
            #expect(reply["file"]["size"] == 9)
            let url = try #require(reply["file"]["url"].string)
            #expect(url.contains("/files/roost/"))
            #expect(url.hasSuffix("/cat_picture.txt"))

            let path = String(url[url.range(of: "/files/")!.lowerBound...])
            let served = try await api.client.execute(uri: path, method: .get)
            #expect(served.status == .ok)
            #expect(String(buffer: served.body) == "meow meow")
            #expect(served.headers[.contentType]?.hasPrefix("text/plain") == true)
            let missing = try await api.call(.get, "/files/roost/abc123/nothing.txt", token: nil)
            expectError(missing, status: .notFound, code: 400201)
            expectError(try await api.call(.get, "/files/other/abc123/x.txt", token: nil), status: .notFound, code: 400201)
        }
    }

    /// `DELETE .../messages/{id}?delete_files=true` deletes the uploaded file too (Sendbird's
    /// "Delete a message" page); without it the file stays, as on Sendbird.
    @Test func deletingAMessageDeletesItsFileWhenAsked() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice"]}"#)
            func sendFile() async throws -> (id: Int, path: String) {
                let (body, contentType) = multipartForm(fields: [("message_type", "FILE"), ("user_id", "alice")], file: ("a.txt", "text/plain", "bytes"))
                let reply = try await api.call(.post, "/v3/group_channels/chat/messages", body: body, headers: [.contentType: contentType])
                let url = try #require(reply["file"]["url"].string)
                return (try #require(reply["message_id"].int), String(url[url.range(of: "/files/")!.lowerBound...]))
            }
            func served(_ path: String) async throws -> HTTPResponse.Status {
                try await api.client.execute(uri: path, method: .get).status
            }
            let kept = try await sendFile()
            #expect(try await api.delete("/v3/group_channels/chat/messages/\(kept.id)").status == .ok)
            #expect(try await served(kept.path) == .ok)

            let dropped = try await sendFile()
            expectError(try await api.delete("/v3/group_channels/chat/messages/\(dropped.id)?delete_files=perhaps"), code: 400104)
            #expect(try await served(dropped.path) == .ok, "a refused deletion keeps the file")
            #expect(try await api.delete("/v3/group_channels/chat/messages/\(dropped.id)?delete_files=true").status == .ok)
            #expect(try await served(dropped.path) == .notFound)

            // A file message naming the same URL as another's upload takes nothing of it.
            let linked = try await api.post(
                "/v3/group_channels/chat/messages",
                #"{"message_type": "FILE", "user_id": "alice", "url": "https://example.com\#(kept.path)"}"#
            )
            let linkedID = try #require(linked["message_id"].int)
            #expect(try await api.delete("/v3/group_channels/chat/messages/\(linkedID)?delete_files=true").status == .ok)
            #expect(try await served(kept.path) == .ok)
        }
    }

    /// A GDPR deletion deletes the erased user's uploads, and nothing of another's upload that
    /// one of their file messages merely names.
    @Test func anErasureDeletesTheUsersUploadsOnly() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice", "bob"]}"#)
            func upload(by user: String) async throws -> String {
                let (body, contentType) = multipartForm(fields: [("message_type", "FILE"), ("user_id", user)], file: ("a.txt", "text/plain", "bytes"))
                let url = try #require(try await api.call(.post, "/v3/group_channels/chat/messages", body: body, headers: [.contentType: contentType])["file"]["url"].string)
                return String(url[url.range(of: "/files/")!.lowerBound...])
            }
            let bobs = try await upload(by: "bob")
            let alices = try await upload(by: "alice")
            let linked = #"{"message_type": "FILE", "user_id": "alice", "url": "https://example.com\#(bobs)"}"#
            #expect(try await api.post("/v3/group_channels/chat/messages", linked).status == .ok)

            let request = try #require(try await api.post("/v3/privacy/gdpr", #"{"action": "delete", "user_ids": ["alice"]}"#)["request_id"].string)
            #expect(try await eventually { try await api.get("/v3/privacy/gdpr/\(request)")["status"] == "done" })
            #expect(try await api.client.execute(uri: alices, method: .get).status == .notFound)
            #expect(try await api.client.execute(uri: bobs, method: .get).status == .ok)
        }
    }

    @Test func failedSendKeepsNoFileAndLimitsApply() async throws {
        try await withServer { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice"]}"#)
            let (body, contentType) = multipartForm(fields: [("message_type", "FILE"), ("user_id", "bob")], file: ("a.txt", "text/plain", "x"))
            let reply = try await api.call(.post, "/v3/group_channels/chat/messages", body: body, headers: [.contentType: contentType])
            expectError(reply, code: 900020)

            let (big, bigType) = multipartForm(
                fields: [("message_type", "FILE"), ("user_id", "alice")], file: ("big.bin", "application/octet-stream", String(repeating: "b", count: 70_000))
            )
            expectError(
                try await api.call(.post, "/v3/group_channels/chat/messages", body: big, headers: [.contentType: bigType]),
                status: .badRequest, code: 400110
            )
            let (bad, badType) = multipartForm(fields: [("message_type", "FILE"), ("user_id", "alice"), ("is_silent", "perhaps")], file: nil)
            expectError(try await api.call(.post, "/v3/group_channels/chat/messages", body: bad, headers: [.contentType: badType]), code: 400111)
        }
    }

    /// A byte outside ASCII in a part's header name, or an empty boundary, stopped the whole
    /// server in MultipartKit's parser (found by fuzzing); such a form is refused like any
    /// other unreadable one, and a file name in UTF-8, which stands in a header's value, is
    /// still taken.
    @Test func formsTheParserCannotTakeAreRefusedNotFatal() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "chat", "user_ids": ["alice"]}"#)
            let form: HTTPFields = [.contentType: "multipart/form-data; boundary=b"]
            let fuzzed = "--b\r\nù𬟱[--b--\r\n"
            expectError(try await api.call(.post, "/v3/users", body: fuzzed, headers: form), code: 400111)
            for contentType in ["multipart/form-data; boundary=", #"multipart/form-data; boundary="""#] {
                let empty: HTTPFields = [.contentType: contentType]
                let refused = try await api.call(.post, "/v3/users", body: "--\r\n\r\n--", headers: empty)
                expectError(refused, code: 400111)
                #expect(refused["message"].string?.hasSuffix("The form could not be read.") == true, "\(refused)")
            }
            let laterPart = "--b\r\nContent-Disposition: form-data; name=\"message_type\"\r\n\r\nFILE\r\n--b\r\nnäme: x\r\n\r\nv\r\n--b--\r\n"
            expectError(try await api.call(.post, "/v3/group_channels/chat/messages", body: laterPart, headers: form), code: 400111)

            let (body, contentType) = multipartForm(fields: [("message_type", "FILE"), ("user_id", "alice")], file: ("café.txt", "text/plain", "ü"))
            let sent = try await api.call(.post, "/v3/group_channels/chat/messages", body: body, headers: [.contentType: contentType])
            #expect(sent.status == .ok, "\(sent)")
            #expect(sent["file"]["name"] == "café.txt")
        }
    }

    /// Sendbird's pages document multipart forms for a user's profile image and a channel's
    /// cover: the file is stored and its URL is the profile or cover URL.
    @Test func profileImagesAndCoversMayComeAsFiles() async throws {
        try await withServer { api in
            func upload(_ method: HTTPRequest.Method, _ path: String, _ fields: [(String, String)], _ field: String) async throws -> API.Reply {
                let (body, contentType) = multipartForm(fields: fields, file: ("face.png", "image/png", "PNG bytes"), fileField: field)
                return try await api.call(method, path, body: body, headers: [.contentType: contentType])
            }
            func served(_ url: String?) async throws -> String {
                let url = try #require(url)
                return String(buffer: try await api.client.execute(uri: String(url[url.range(of: "/files/")!.lowerBound...]), method: .get).body)
            }
            let user = try await upload(.post, "/v3/users", [("user_id", "ann"), ("nickname", "Ann")], "profile_file")
            #expect(user.status == .ok, "\(user)")
            #expect(try await served(user["profile_url"].string) == "PNG bytes")
            let changed = try await upload(.put, "/v3/users/ann", [("nickname", "Annie")], "profile_file")
            #expect(changed["nickname"] == "Annie" && changed["profile_url"] != user["profile_url"])

            let group = try await upload(.post, "/v3/group_channels", [("channel_url", "room"), ("user_ids[]", "ann"), ("name", "Room")], "cover_file")
            #expect(group.status == .ok, "\(group)")
            let cover = try await served(group["cover_url"].string)
            #expect(group["member_count"] == 1 && cover == "PNG bytes")
            let open = try await upload(.post, "/v3/open_channels", [("channel_url", "hall")], "cover_file")
            #expect(try await served(open["cover_url"].string) == "PNG bytes")
            let recovered = try await upload(.put, "/v3/open_channels/hall", [("name", "Hall")], "cover_file")
            #expect(recovered["name"] == "Hall" && recovered["cover_url"] != open["cover_url"], "\(recovered)")

            // Without a URL or a file, a user is refused; so is a form whose write fails, and its file goes.
            let (bare, bareType) = multipartForm(fields: [("user_id", "bob"), ("nickname", "Bob")], file: nil)
            expectError(try await api.call(.post, "/v3/users", body: bare, headers: [.contentType: bareType]), code: 400105)
            let taken = try await upload(.post, "/v3/users", [("user_id", "ann"), ("nickname", "Again")], "profile_file")
            expectError(taken, code: 400202)
        }
    }
}
