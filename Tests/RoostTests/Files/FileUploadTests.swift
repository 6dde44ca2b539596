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
                status: .contentTooLarge, code: 400110
            )
            let (bad, badType) = multipartForm(fields: [("message_type", "FILE"), ("user_id", "alice"), ("is_silent", "perhaps")], file: nil)
            expectError(try await api.call(.post, "/v3/group_channels/chat/messages", body: bad, headers: [.contentType: badType]), code: 400111)
        }
    }
}
